import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server';

/**
 * deploy/systemd/playtime-barn@.socket: the port's socket belongs to systemd, and each process it starts
 * listens on it (src/server/http/inherited-socket.ts). So a request made while the process is stopped is
 * not refused: it waits in the socket's queue and the next process answers it. The test holds the socket as
 * systemd would (tests/e2e/support/held-socket.ts).
 */
describe('socket handed over from one process to the next', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({}, { socketActivation: true });
  }, 120_000);
  afterAll(() => server?.stop());

  it('answers a request that arrived while no process was running', async () => {
    expect(await server.signal('SIGTERM')).toBe(0);
    // Nothing listens in any process now; the connection is made all the same and the request sent.
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${server.url}/healthz`, { agent: false }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    const settledEarly = await Promise.race([
      answered.then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((r) => setTimeout(() => r('waiting'), 500)),
    ]);
    expect(settledEarly).toBe('waiting');
    await server.restart();
    const { status } = await answered;
    expect(status).toBe(200);
  }, 120_000);
});
