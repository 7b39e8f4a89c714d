import type { FastifyInstance } from 'fastify';
import packageJson from '../../../../package.json';
import type { AppContext } from '../../context';
import { encodeBody, sendEncoded, type EncodedBody } from '../encoded-body';
import { allOperations } from './all-operations';
import { docsPageCsp, renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './document';
import { testPaymentsPath } from './operations/payments';

/** The operations this server really has: the TEST MODE card form only while the test provider is in use. */
export function publishedOperations(ctx: AppContext) {
  return allOperations.filter((op) => op.path !== testPaymentsPath || ctx.payments.name === 'test');
}

/**
 * GET /api/openapi.json and GET /api/docs (public). Both are built once, on first request, and kept: the
 * operations never change while the server runs.
 */
export function openApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  let built: { json: EncodedBody; html: EncodedBody } | null = null;
  const bodies = () => {
    if (!built) {
      const doc = buildOpenApiDocument(publishedOperations(ctx), { version: packageJson.version });
      built = {
        json: encodeBody(Buffer.from(JSON.stringify(doc)), 'max'),
        html: encodeBody(Buffer.from(renderDocsPage(doc)), 'max'),
      };
    }
    return built;
  };

  app.get('/api/openapi.json', async (request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300');
    return sendEncoded(request, reply, bodies().json);
  });

  app.get('/api/docs', async (request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      // The /api/ policy, plus the page's own style block (by its hash).
      .header('content-security-policy', docsPageCsp);
    return sendEncoded(request, reply, bodies().html);
  });
}
