/** One error of a cause chain, as far as we read it. */
type Link = { code?: unknown; message?: unknown; cause?: unknown };

/**
 * The error and its causes, outermost first. Drizzle wraps the driver's error (DrizzleQueryError) and
 * pg/PGlite may wrap a socket error, so what we look for can sit a few `cause`s deep.
 */
function causeChain(err: unknown, maxDepth = 5): Link[] {
  const chain: Link[] = [];
  for (let e = err; typeof e === 'object' && e !== null && chain.length < maxDepth; e = (e as Link).cause) {
    chain.push(e as Link);
  }
  return chain;
}

/** A SQLSTATE (23505, 40P01, 55P03, 08006): its class is two digits or F0, HV, P0, XX; never a socket's EPIPE. */
const SQLSTATE = /^([0-9]{2}|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The PostgreSQL error code (SQLSTATE) of a failed query, wherever the wrappers put the driver's error. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e.code;
  }
  return undefined;
}

/** PostgreSQL going away (admin shutdown, crash, starting up) and connection failures (class 08 we see). */
const unavailableSqlStates = ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001'];
/** The socket to the database failing under the driver. */
const socketErrors = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'];
// "is not queryable": pg refusing a query (often the ROLLBACK) on a client whose connection just died.
const unavailableMessage =
  /Connection terminated|connect ECONNREFUSED|is not queryable|the database system is (starting up|shutting down)/i;

/** The database cannot be reached right now (a retry later may work), as opposed to a bug in a query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && unavailableSqlStates.includes(code)) return true;
  return causeChain(err).some(
    (e) =>
      (typeof e.code === 'string' && socketErrors.includes(e.code)) ||
      (typeof e.message === 'string' && unavailableMessage.test(e.message)),
  );
}
