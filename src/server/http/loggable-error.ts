/**
 * An error as it may be logged: a database error without the values it was run with. Drizzle's
 * DrizzleQueryError carries them in `params` and in its message and stack ("params: jo@example.com,...");
 * the driver's error carries row values in `detail` ("Key (email)=(jo@example.com) already exists") and
 * `where`/`internalQuery`. The query text (placeholders, not values), codes and constraint names stay:
 * they are what someone fixing the error needs.
 */
export function loggableError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  const hasValues = 'params' in e || 'detail' in e || 'where' in e || 'internalQuery' in e || e.cause !== undefined;
  if (!hasValues) return err;
  const message = withoutParams(e.message);
  const copy = new Error(message) as Error & Record<string, unknown>;
  copy.name = e.name;
  // The stack starts with the message: rebuild it from the cleaned message and the frames.
  const frames = (e.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  copy.stack = [`${e.name}: ${message}`, ...frames].join('\n');
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'query'])
    if (typeof e[key] === 'string') copy[key] = e[key];
  if (e.cause !== undefined) {
    const cause = loggableError(e.cause, depth + 1) as Record<string, unknown>;
    copy.cause = cause;
    // Loggers print a cause's message but not its fields: lift the driver's code and constraint.
    for (const key of ['code', 'constraint'])
      if (copy[key] === undefined && typeof cause?.[key] === 'string') copy[key] = cause[key];
  }
  return copy;
}

function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at < 0 ? message : message.slice(0, at);
}
