import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openTestDatabase } from '../testing/test-database';
import { buildApp } from '../app';
import { drainConnections } from './drain-connections';

/** A raw connection, so the test decides when the request bytes are sent. */
const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });

describe('draining connections at shutdown', () => {
  it('answers a request sent on a keep-alive connection as the drain began, then refuses new connections', async () => {
    const server = http.createServer((req, res) => res.end(`answered ${req.url}`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    // A client with a kept-alive connection (a browser, a proxy with pooled connections): one request answered...
    const socket = await connect(port);
    let reply = '';
    socket.on('data', (d) => (reply += d));
    socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!reply.includes('answered /first')) await new Promise((r) => setTimeout(r, 10));
    // ...then its next one is on the wire, not yet read by the server, when the drain begins. Closing
    // "idle" connections at once (http.Server#close()) would reset it: a POST nobody can safely retry.
    socket.write('POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    const drained = drainConnections(server, { cutAfterMs: 5_000 });
    await expect(connect(port)).rejects.toThrow(/ECONNREFUSED/);
    await new Promise((r) => socket.on('close', r));
    expect(reply).toContain('answered /second');
    expect(await drained).toEqual({ cut: false });
  });

  it('cuts connections still busy after cutAfterMs', async () => {
    const server = http.createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    const socket = await connect(port);
    socket.on('error', () => {});
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 50));
    expect(await drainConnections(server, { cutAfterMs: 200 })).toEqual({ cut: true });
  });

  it('/readyz answers 503 once draining has begun', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const { app, beginDrain } = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: 'test' }) });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      beginDrain();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      expect(res.headers.connection).toBe('close');
      await app.close();
    } finally {
      await database.close();
    }
  });
});
