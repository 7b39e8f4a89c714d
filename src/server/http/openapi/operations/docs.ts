import { z } from 'zod';
import { defineOperations } from '../operation';

/** What GET /api/openapi.json answers, as far as a client relies on it (the rest is OpenAPI 3.1's own schema). */
const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});

/** http/openapi/routes.ts: this contract, as JSON and as a page. */
export const docsOperations = defineOperations([
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This API’s OpenAPI 3.1 document',
    auth: 'none',
    tag: 'Operations',
    responses: { 200: openApiDocumentSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'This API’s reference as an HTML page',
    auth: 'none',
    tag: 'Operations',
    responses: { 200: { contentType: 'text/html', description: 'The reference page' } },
    errors: [],
  },
]);
