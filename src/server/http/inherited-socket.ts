/**
 * systemd socket activation (sd_listen_fds(3)): a socket unit (deploy/systemd/playtime-barn@.socket) owns
 * the listening socket and hands it to each process it starts as file descriptor 3, with LISTEN_FDS=1 and
 * LISTEN_PID set to that process. Why: the socket outlives the process. While one process drains and the
 * next starts, connections wait in the socket's queue for the next one, instead of being refused, or reset
 * when they were queued at the moment the old process closed its listener (a POST nginx had already sent on
 * such a connection cannot be retried, so a family would see a 502).
 *
 * Answers the descriptor to listen on, or undefined when no socket was passed (then the process binds
 * HOST:PORT itself). The variables are removed so that nothing this process starts believes them too.
 */
export const SD_LISTEN_FDS_START = 3;

export function takeInheritedListenFd(env: NodeJS.ProcessEnv, pid: number): number | undefined {
  const count = Number(env.LISTEN_FDS);
  // LISTEN_PID guards against variables inherited from a parent that was itself activated.
  const forUs = env.LISTEN_PID === undefined || Number(env.LISTEN_PID) === pid;
  delete env.LISTEN_FDS;
  delete env.LISTEN_PID;
  delete env.LISTEN_FDNAMES;
  if (!Number.isInteger(count) || count < 1 || !forUs) return undefined;
  return SD_LISTEN_FDS_START;
}
