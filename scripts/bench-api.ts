/**
 * `npm run bench:api`: requests per second and p99 latency of our server against a bare node:http
 * server answering the same bytes from memory, path by path, in one run (issue 6). Target: at least
 * 0.6 of the bare server's throughput on the cached/static paths. Loopback only; bounded duration.
 * Also each server's CPU time per request, and their ratio (bare / ours): what the throughput ratio
 * would be with both CPU-bound on an otherwise idle machine, and steady when other work shares the cores.
 * Last, our server's memory: RSS at rest after start, its peak while starting (migrating, seeding) and its
 * peak under the load (issue 27's budget: under 400 MB on the embedded database). The server is the
 * bundle production runs (dist/server/main.js). BENCH_DATABASE_URL runs it on PostgreSQL instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tests/e2e/support/server';
import { startBenchServer } from './lib/bench-api-server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
// The two servers are measured in alternating slices (ours, bare, bare, ours, ...), so a burst of load
// from elsewhere on a shared machine hits both about equally instead of skewing one side.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const month = (() => {
  const d = new Date();
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  return `/api/calendar/availability?from=${iso(d)}&to=${iso(new Date(d.getTime() + 30 * 86_400_000))}`;
})();
// A date a family taps (the day's sessions) and that date's ticket prices: both answered from memory.
const tapped = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const paths = [
  '/',
  '/menu',
  month,
  `/api/calendar/availability/${tapped}`,
  '/api/ticket-types',
  `/api/ticket-types?date=${tapped}`,
  '/api/facebook/latest',
];

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/** A process's resident memory now (VmRSS) and its peak so far (VmHWM), in MB, from /proc (Linux). */
function memoryMb(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Resets a process's VmHWM to its current RSS (Linux 4.0+); false where that is not possible. */
function resetPeak(pid: number | undefined): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * One slice of load on one server. Besides throughput, the server's own CPU time per request: on a
 * machine shared with other work, that is the figure load elsewhere does not move.
 */
async function measure(url: string, headers: Record<string, string>, duration: number, pid?: number) {
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { requests: r.requests.total, seconds: duration, cpu, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}
type Slice = Awaited<ReturnType<typeof measure>>;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = (slices: Slice[]) => ({
  rps: Math.round(slices.reduce((n, x) => n + x.requests, 0) / slices.reduce((n, x) => n + x.seconds, 0)),
  p99: median(slices.map((x) => x.p99)),
  cpuMicros: Math.round((slices.reduce((n, x) => n + x.cpu, 0) / slices.reduce((n, x) => n + x.requests, 0)) * 1e6),
  non2xx: slices.reduce((n, x) => n + x.non2xx, 0) + slices.reduce((n, x) => n + x.errors, 0),
});

/** Raw response bytes and headers exactly as our server sends them (no decompression). */
function rawGet(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const keep = ['content-type', 'content-encoding', 'cache-control', 'vary'];
          const headers = Object.fromEntries(
            keep.filter((k) => res.headers[k]).map((k) => [k, String(res.headers[k])]),
          );
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

/** A bare node:http server in its own process (as ours is) answering those bytes from memory. */
async function startBareServer(sourceUrl: string) {
  const { body, headers } = await rawGet(sourceUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'bare-'));
  writeFileSync(path.join(dir, 'body'), body);
  const port = await freePort();
  const code = `const b=require('fs').readFileSync(${JSON.stringify(path.join(dir, 'body'))});const h=${JSON.stringify(headers)};h['content-length']=b.length;
require('http').createServer((q,r)=>{r.writeHead(200,h);r.end(b)}).listen(${port},'127.0.0.1',()=>console.log('up'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout.once('data', r));
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill() };
}

// Logging as in production (info): the cost of request logs is part of what is measured.
// BENCH_DATABASE_URL: the same on PostgreSQL (a database of its own: the server migrates and seeds it).
const databaseUrl = process.env.BENCH_DATABASE_URL;
const server = await startBenchServer({ LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const loadBefore = loadavg()[0]!;
// At rest: started, ready, nothing asked yet (the memory a venue's server holds all day). Its peak so far
// is the start's (migrating, seeding); then the high-water mark is reset (Linux: clear_refs 5), so the
// peak at the end is the load's alone, and the larger of the two is the run's.
const atRest = memoryMb(server.pid());
const peakResetForLoad = resetPeak(server.pid());
const headers = { 'accept-encoding': 'br, gzip' };
const rows: Record<string, string | number>[] = [];
let memory = { atRest, ...atRest };
try {
  for (const path of paths) {
    const probe = await fetch(`${server.url}${path}`, { headers });
    if (!probe.ok) {
      rows.push({ path, note: `skipped: answered ${probe.status}` });
      continue;
    }
    const bare = await startBareServer(`${server.url}${path}`);
    const oursUrl = `${server.url}${path}`;
    await measure(oursUrl, headers, 1); // warm-up
    await measure(bare.url, headers, 1);
    const slices = { ours: [] as Slice[], bare: [] as Slice[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
      for (const side of order) {
        slices[side].push(
          await measure(
            side === 'ours' ? oursUrl : bare.url,
            headers,
            DURATION_S / ROUNDS,
            side === 'ours' ? server.pid() : bare.pid,
          ),
        );
      }
    }
    bare.stop();
    const ours = summary(slices.ours);
    const baseline = summary(slices.bare);
    rows.push({
      path: path.length > 40 ? `${path.slice(0, 37)}...` : path,
      'ours req/s': ours.rps,
      'ours p99 ms': ours.p99,
      'bare req/s': baseline.rps,
      'bare p99 ms': baseline.p99,
      ratio: (ours.rps / baseline.rps).toFixed(2),
      'ours CPU µs/req': ours.cpuMicros,
      'bare CPU µs/req': baseline.cpuMicros,
      'CPU ratio': (baseline.cpuMicros / ours.cpuMicros).toFixed(2),
      'non-2xx/errors': ours.non2xx,
    });
  }
} finally {
  // The peak is the high-water mark over the whole run: every path's load, at CONNECTIONS connections.
  memory = { atRest, ...memoryMb(server.pid()) };
  await server.stop();
}
console.log(
  `${CONNECTIONS} connections, ${DURATION_S} s per server and path in ${ROUNDS} alternating slices, loopback; ${cpus().length} cores, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
);
console.table(rows);
const underLoad = peakResetForLoad ? `${memory.peak} MB at peak under load` : `${memory.peak} MB at peak over the run`;
console.log(
  `Our server's memory (RSS, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}): ${memory.atRest.rss} MB at rest after start (${memory.atRest.peak} MB at peak while starting), ${underLoad}, ${memory.rss} MB at the end; run's peak ${Math.max(memory.atRest.peak, memory.peak)} MB.`,
);
