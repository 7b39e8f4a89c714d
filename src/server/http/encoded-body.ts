import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** One response body in each encoding we serve, compressed once and sent many times. */
export type EncodedBody = { identity: Buffer; gzip: Buffer; br: Buffer };

/**
 * `max` for what is compressed once at start (pages); `fast` for what is compressed again every
 * second or so (cached API answers), where brotli 11 would cost more than it saves.
 */
export function encodeBody(body: Buffer, effort: 'max' | 'fast'): EncodedBody {
  const max = effort === 'max';
  return {
    identity: body,
    gzip: gzipSync(body, { level: max ? 9 : 6 }),
    br: brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: max ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

/** Sends the best encoding the client accepts. The caller sets status, type and caching. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
