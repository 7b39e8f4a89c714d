/**
 * npm run fuzz:api [-- --url URL --admin-password PW] [--seed N] [--valid N]
 *
 * An outsider's check that /api/openapi.json tells the truth: it starts the built server (or uses --url),
 * reads and validates the document, then calls every operation with valid and broken requests generated
 * from the document alone, signed out and signed in, and checks each answer: never 5xx, a documented
 * status, a body that fits the documented schema. It imports nothing from src/. Exit 1 on any failure;
 * `--seed` replays a run.
 */
import { parseArgs } from 'node:util';
import { Harvest } from './harvest';
import { brokenRequests, requestOf, validValues, type FuzzRequest } from './requests';
import { startServer, type FuzzServer } from './server';
import { Client, signInFamily, signInStaff } from './session';
import { AnswerChecker, documentErrors, operationsOf, type OpenApiDoc, type Operation } from './validate';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'admin-password': { type: 'string' },
    seed: { type: 'string' },
    valid: { type: 'string', default: '8' },
    verbose: { type: 'boolean', default: false },
  },
});
const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const validPerOperation = Number(args.valid);
const started = Date.now();

type Failure = { phase: string; op: Operation; request: FuzzRequest; status: number; problems: string[]; body: string };
const failures: Failure[] = [];
const notes: string[] = [];
let requestCount = 0;
/** Requests valid by the document's schemas that the server refused as bad input, by operation: worth reading. */
const validRefused = new Map<string, { count: number; example: string }>();
const statusCounts = new Map<number, number>();
/** `--verbose`: the statuses each operation answered, per phase. */
const perOperation = new Map<string, Map<number, number>>();

/**
 * Operations that end or change the signed-in session go last, in this order; before them, those without
 * path parameters (the lists), whose answers hold the ids the others are then called with.
 */
function riskOf(op: Operation): number {
  if (/sign-out|kiosk-mode|kitchen-mode/.test(op.path)) return 3;
  if (/password/.test(op.path)) return 2;
  if (/sessions\/\{|deactivate|erase/.test(op.path)) return 1;
  return op.path.includes('{') ? 0.5 : 0;
}
const SAFE = 0.5;

/** Operations that take the staff session (the scheme the staff sign-in sets): a 401 there means sign in again. */
const usesStaffSession = (op: Operation) =>
  !!op.object.security?.some((alternative) => Object.keys(alternative).some((name) => /staff/i.test(name)));

const isSessionRequired = (op: Operation) =>
  !!op.object.security?.length && op.object.security.every((alternative) => Object.keys(alternative).length > 0);

const familyEmail = 'fuzz-family@example.com';

const findOp = (ops: Operation[], method: string, suffix: string) =>
  ops.find((o) => o.method === method && o.path.endsWith(suffix));

async function main(server: FuzzServer | null) {
  const baseUrl = server?.url ?? args.url!;
  const adminPassword = server?.adminPassword ?? args['admin-password'];
  const docAnswer = await fetch(`${baseUrl}/api/openapi.json`);
  if (!docAnswer.ok) throw new Error(`GET /api/openapi.json answered ${docAnswer.status}`);
  const doc = (await docAnswer.json()) as OpenApiDoc;
  const invalid = await documentErrors(doc);
  if (invalid.length) {
    console.error(`/api/openapi.json is not a valid OpenAPI ${doc.openapi} document:`);
    for (const e of invalid.slice(0, 30)) console.error(`  ${e}`);
    return false;
  }
  const checker = new AnswerChecker(doc);
  const ops = operationsOf(doc);
  console.log(
    `fuzz:api: ${ops.length} operations in ${baseUrl}/api/openapi.json (OpenAPI ${doc.openapi}), seed ${seed}`,
  );

  let addressCounter = 0;
  // Each operation speaks from its own address, so one operation's requests do not use up another's limits.
  const nextAddress = () => {
    addressCounter++;
    return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  };

  const harvest = new Harvest();
  /** Valid requests with ids from earlier answers in the path, where there are any. */
  const withSeenIds = (op: Operation, valid: ReturnType<typeof validValues>) => {
    const pathParams = (op.object.parameters ?? [])
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.in === 'path');
    if (!pathParams.length) return [];
    return valid.slice(0, 2).flatMap((values, n) => {
      const path = { ...values.path };
      for (const { p, index } of pathParams) {
        const seen = harvest.pick(op.path, p.name, n);
        if (seen === undefined || checker.validateAt(`${op.pointer}/parameters/${index}/schema`, seen).length)
          return [];
        path[p.name] = seen;
      }
      return [{ request: requestOf(op, `valid with seen ids #${n + 1}`, { ...values, path }), valid: true }];
    });
  };

  const runOperation = async (
    phase: string,
    client: Client,
    op: Operation,
    onUnauthorised?: () => Promise<boolean>,
  ) => {
    client.clientAddress = nextAddress();
    const valid = validValues(op, checker, seed, validPerOperation);
    if (valid.length === 0 && (op.object.parameters?.length || op.object.requestBody))
      notes.push(`${op.id}: the generator made no valid request from the documented schemas`);
    const requests = [
      ...valid.map((v, i) => ({ request: requestOf(op, `valid #${i + 1}`, v), valid: true })),
      ...withSeenIds(op, valid),
      ...brokenRequests(op, valid[0] ?? { path: {}, query: {}, header: {} }).map((request) => ({
        request,
        valid: false,
      })),
    ];
    for (const { request, valid: isValid } of requests) {
      let answer = await client.send(request);
      if (answer.status === 401 && onUnauthorised && usesStaffSession(op) && (await onUnauthorised())) {
        // The session ended (an earlier call signed it out): signed in again, the request is repeated once.
        answer = await client.send(request);
      }
      if (answer.status < 300 && answer.contentType?.includes('json')) {
        try {
          harvest.collect(op.path, JSON.parse(answer.body));
        } catch {
          /* not JSON after all: the checker reports it */
        }
      }
      requestCount++;
      statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
      const tally = perOperation.get(`${phase} ${op.id}`) ?? new Map<number, number>();
      perOperation.set(`${phase} ${op.id}`, tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1));
      if (isValid && answer.status === 400) {
        const seen = validRefused.get(op.id);
        const example = `${request.method} ${request.path}?${new URLSearchParams(request.query)} ${typeof request.body === 'string' ? request.body : ''} -> ${answer.body}`;
        validRefused.set(op.id, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? example });
      }
      const problems = checker.check(op, answer);
      if (phase === 'signed out' && isSessionRequired(op) && answer.status < 300)
        problems.push(`answered ${answer.status} with no session although the document requires one`);
      if (problems.length) failures.push({ phase, op, request, status: answer.status, problems, body: answer.body });
    }
  };

  const runPhase = async (phase: string, client: Client, onUnauthorised?: () => Promise<boolean>) => {
    const ordered = [...ops].sort((a, b) => riskOf(a) - riskOf(b));
    // Two at a time: enough to keep a 2-core machine busy without starving the server of its one database.
    const safe = ordered.filter((o) => riskOf(o) <= SAFE);
    const workers = Array.from({ length: 2 }, async () => {
      for (let op = safe.shift(); op; op = safe.shift()) await runOperation(phase, client, op, onUnauthorised);
    });
    await Promise.all(workers);
    for (const op of ordered.filter((o) => riskOf(o) > SAFE)) await runOperation(phase, client, op, onUnauthorised);
  };

  // Signed in before the signed-out phase fuzzes the sign-in operations and uses up their limits.
  const staffSignIn = findOp(ops, 'post', '/staff/sign-in');
  const client = new Client(baseUrl, nextAddress());
  const signIn = async () => {
    client.clientAddress = nextAddress();
    await signInStaff(client, staffSignIn!.path, 'admin', adminPassword!);
  };
  if (staffSignIn && adminPassword) await signIn();
  // Signing in again when a staff call answers 401: a few times at most, the sign-in is rate limited per account.
  let signInsLeft = 5;
  const signInAgain = async () => {
    if (signInsLeft-- <= 0) return false;
    try {
      await signIn();
      return true;
    } catch (err) {
      notes.push(`signing in again failed, later staff calls were made signed out: ${String(err)}`);
      signInsLeft = 0;
      return false;
    }
  };
  if (!staffSignIn || !adminPassword)
    notes.push('no staff sign-in operation documented (or no --admin-password with --url): no staff session');
  // A family session needs the e-mailed code: only with the server we started, whose mail we receive.
  const code = findOp(ops, 'post', '/family/code');
  const confirm = findOp(ops, 'post', '/family/confirm');
  const why = !server
    ? 'with --url the fuzzer cannot read the mailed code'
    : code && confirm
      ? await signInFamily(client, { code: code.path, confirm: confirm.path }, familyEmail, server.mailbox.codeFor)
      : 'no documented family code and confirm operations';
  if (why) notes.push(`family sign-in: ${why}; family operations were called with no family session`);

  await runPhase('signed out', new Client(baseUrl));
  if (client.signedIn) await runPhase('signed in', client, staffSignIn && adminPassword ? signInAgain : undefined);
  return true;
}

function report(ok: boolean) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = [...statusCounts]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  if (args.verbose)
    for (const [key, tally] of perOperation)
      console.log(`${key}: ${[...tally].map(([status, n]) => `${status}×${n}`).join(' ')}`);
  for (const note of notes) console.log(`note: ${note}`);
  if (validRefused.size)
    console.log(
      `note: requests valid by the document answered 400 (rules its schemas do not say): ${[...validRefused]
        .map(([id, { count }]) => `${id} ${count}`)
        .join(', ')}`,
    );
  if (args.verbose) for (const [id, { example }] of validRefused) console.log(`  ${id}: ${example.slice(0, 400)}`);
  if (failures.length) {
    // One entry per operation and problem, with the first request that showed it.
    const groups = new Map<string, Failure[]>();
    for (const f of failures)
      for (const p of f.problems) {
        const key = `${f.op.method.toUpperCase()} ${f.op.path} — ${p}`;
        groups.set(key, [...(groups.get(key) ?? []), f]);
      }
    console.error(`\n${failures.length} answers broke the documented contract (${groups.size} distinct problems):`);
    for (const [key, list] of groups) {
      const f = list[0]!;
      const query = f.request.query.length ? `?${new URLSearchParams(f.request.query)}` : '';
      const body =
        typeof f.request.body === 'string' ? f.request.body.slice(0, 200) : f.request.body ? '(multipart)' : '';
      console.error(`\n✗ ${key}  [${list.length}×, ${f.op.id}]`);
      console.error(
        `  ${f.phase}, ${f.request.kind}: ${f.request.method} ${f.request.path.slice(0, 200)}${query.slice(0, 200)}`,
      );
      if (body) console.error(`  request body: ${body}`);
      console.error(`  answered ${f.status}: ${f.body.slice(0, 300)}`);
    }
  }
  console.log(`\nfuzz:api: ${requestCount} requests, statuses ${statuses}; seed ${seed}; ${seconds} s`);
  if (!ok) console.log(`FAILED: the run stopped before it checked every operation (replay: --seed ${seed})`);
  else if (failures.length)
    console.log(`FAILED: ${failures.length} answers broke the contract (replay: --seed ${seed})`);
  else console.log('OK: every answer was documented');
}

let server: FuzzServer | null = null;
let ok = false;
try {
  if (!args.url) server = await startServer();
  ok = await main(server);
} catch (err) {
  console.error('fuzz:api stopped:', err);
  if (server) console.error(`-- server output:\n${server.output()}`);
} finally {
  await server?.stop();
}
report(ok);
process.exit(ok && failures.length === 0 ? 0 : 1);
