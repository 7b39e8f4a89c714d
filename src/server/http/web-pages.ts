import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPage, pages, type PageMeta } from '../../shared/pages';

type RenderedPage = { html: Buffer; gzip: Buffer; br: Buffer };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** modulepreload links for a page's own chunks and what they import, so they load in parallel with the shell. */
function preloadLinks(template: string, manifest: Manifest, modules: string[] = []): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file) || template.includes(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`).join('');
}

function render(template: string, meta: PageMeta, manifest: Manifest): RenderedPage {
  const html = template
    .replace('</head>', `${preloadLinks(template, manifest, meta.modules)}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`);
  const buf = Buffer.from(html);
  return { html: buf, gzip: gzipSync(buf, { level: 9 }), br: brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) };
}

function send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status: number) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * Serves the built React app: hashed assets compressed ahead of time with year-long caching, and
 * each known page's HTML (rendered once at start with its own title and description). Unknown
 * paths get the app with status 404, where the router shows Page Not Found; unknown /api paths get JSON.
 */
export async function registerWebPages(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    installNotFound(app, null);
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  for (const meta of pages) {
    const page = render(template, meta, manifest);
    app.get(meta.path, (request, reply) => send(request, reply, page, 200));
  }
  installNotFound(app, render(template, notFoundPage, manifest));
}

function installNotFound(app: FastifyInstance, page: RenderedPage | null) {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !page || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
    }
    return send(request, reply, page, 404);
  });
}
