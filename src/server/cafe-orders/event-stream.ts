import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KitchenHub } from './kitchen-hub';

export type StreamEvent = { id: number; event: string; data: unknown | null };

/** Where a stream starts: the Last-Event-ID a reconnecting EventSource sends, else `?lastEventId=` (first connect). */
export function lastEventIdOf(request: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const n = Number(Array.isArray(header) ? header[0] : header);
  if (header !== undefined && Number.isSafeInteger(n) && n >= 0) return n;
  return fromQuery;
}

/**
 * Serves Server-Sent Events: `first` (if any) at once, then whatever `read` finds after the last id sent,
 * each time the hub is woken (a NOTIFY from any process). One read at a time per stream; a wake during a read
 * reads again after it. Every event carries its outbox id, so a reconnect (Last-Event-ID) resumes after it and
 * nothing is sent twice. A comment every 20 s keeps proxies from closing an idle stream.
 */
export async function serveEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  o: { hub: KitchenHub; start: number; first?: StreamEvent; read: (after: number) => Promise<StreamEvent[]> },
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no', // nginx passes each event on at once
    'x-content-type-options': 'nosniff',
    // A stream's connection is never reused: once it ends (the app closing), the socket goes too.
    connection: 'close',
  });
  res.write('retry: 1000\n\n');
  let last = o.start;
  const send = (e: StreamEvent) => {
    if (e.data !== null) res.write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    last = Math.max(last, e.id);
  };
  if (o.first) send(o.first);
  let busy = false;
  let again = false;
  let done = false;
  const pump = async (): Promise<void> => {
    if (done) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        for (const e of await o.read(last)) if (!done) send(e);
      } while (again && !done);
    } catch (err) {
      request.log.warn({ err }, 'event stream read failed; the next wake reads again');
    } finally {
      busy = false;
    }
  };
  let unsubscribe = () => {};
  const beat = setInterval(() => res.write(': keep-alive\n\n'), 20_000);
  const end = () => {
    if (done) return;
    done = true;
    clearInterval(beat);
    unsubscribe();
    res.end();
    res.socket?.destroy(); // never reused (connection: close), and the app's close waits for no stream
  };
  res.on('close', end); // the screen went away (or the app ended the stream)
  unsubscribe = await o.hub.subscribe(() => void pump(), end);
  await pump();
}
