import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A local stand-in for the Facebook Graph API on 127.0.0.1 (ARCHITECTURE.md: outside services are
 * real clients talking to local peers). Tests swap `handler` and read what arrived in `requests`.
 */
export async function startGraphStandIn() {
  const requests: URL[] = [];
  const state: { handler: GraphHandler } = { handler: (_req, res) => res.end('{"data":[]}') };
  const server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    state.handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v19.0`,
    requests,
    setHandler: (h: GraphHandler) => (state.handler = h),
    /** Answers with this JSON body and status. */
    reply: (status: number, body: unknown) =>
      (state.handler = (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type GraphStandIn = Awaited<ReturnType<typeof startGraphStandIn>>;

/** A Graph /{page}/posts answer holding one post. */
export function graphPost(p: { message: string; created: Date; likes: number; comments: number; shares: number }) {
  return {
    data: [
      {
        id: '123_456',
        message: p.message,
        created_time: p.created.toISOString().replace(/\.\d{3}Z$/, '+0000'),
        reactions: { data: [], summary: { total_count: p.likes } },
        comments: { data: [], summary: { total_count: p.comments, can_comment: false } },
        shares: { count: p.shares },
      },
    ],
  };
}
