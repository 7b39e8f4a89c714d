/**
 * Plays the part of a systemd socket unit (deploy/systemd/playtime-barn@.socket) in a test: a TCP socket
 * bound to 127.0.0.1:port that this process holds but never accepts on. Each server process started with
 * it gets it as fd 3 (LISTEN_FDS=1) and listens on it; when that process exits, the socket and the
 * connections queued on it stay here for the next one.
 *
 * Node's public API cannot bind without also accepting (net.Server#listen does both), so this uses the
 * TCP handle underneath it: bind only; the first server process's listen() makes the socket listen.
 */
type TcpHandle = { bind(address: string, port: number): number; fd: number; close(): void };
type TcpWrap = { TCP: new (type: number) => TcpHandle; constants: { SERVER: number } };

export function holdSocket(port: number): { fd: number; close: () => void } {
  const { TCP, constants } = (process as unknown as { binding(name: string): TcpWrap }).binding('tcp_wrap');
  const handle = new TCP(constants.SERVER);
  const err = handle.bind('127.0.0.1', port);
  if (err !== 0) throw new Error(`could not bind 127.0.0.1:${port} (libuv error ${err})`);
  return { fd: handle.fd, close: () => handle.close() };
}
