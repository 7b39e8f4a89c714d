import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Successful requests slower than this are logged too. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Request logging: one line per failed (4xx/5xx), errored or slow request, with the (e-mail-masked) URL,
 * instead of Fastify's two lines for every request. At info level those two lines cost a noticeable
 * share of throughput on cached pages, and the proxy in front keeps the access log anyway.
 * LOG_LEVEL=debug or trace logs every request again. Fastify's other log lines are unchanged.
 */
export class QuietRequestLog extends LogController {
  constructor(private readonly everyRequest: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const ms = reply.elapsedTime;
    if (this.everyRequest || reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS) {
      reply.log.info({ req: request, res: reply, responseTime: Math.round(ms) }, 'request completed');
    }
  }
}
