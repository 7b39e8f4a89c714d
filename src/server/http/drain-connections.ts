import net from 'node:net';
import type http from 'node:http';

/**
 * Stops accepting connections and resolves once every open connection has ended: requests in flight are
 * answered (app.ts marks each answer `Connection: close`), then connections still open after `cutAfterMs`
 * are cut.
 *
 * Why not http.Server#close(): since Node 19 it also closes every idle keep-alive connection at once, and
 * a client (a browser, a proxy with pooled connections) may have just sent its next request on one: the
 * bytes are on the wire, not yet read, so the connection still looks idle and is reset. For a POST nobody
 * can safely retry that (nginx will not: it cannot know the booking was not half made). So only the listener
 * is closed here (a new connection is refused, which nginx does retry on the other process; or, when the
 * socket is systemd's, it waits for the next process: inherited-socket.ts), and idle
 * connections are closed after `idleGraceMs`, by when anything already sent on them has been read and is a
 * request in flight, answered with `Connection: close`.
 */
export function drainConnections(
  server: http.Server,
  opts: { idleGraceMs?: number; cutAfterMs: number },
): Promise<{ cut: boolean }> {
  if (!server.listening) return Promise.resolve({ cut: false });
  return new Promise((resolve) => {
    let cut = false;
    const sweepIdle = setInterval(() => server.closeIdleConnections(), opts.idleGraceMs ?? 1_000);
    const cutter = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, opts.cutAfterMs);
    net.Server.prototype.close.call(server, () => {
      clearInterval(sweepIdle);
      clearTimeout(cutter);
      resolve({ cut });
    });
  });
}
