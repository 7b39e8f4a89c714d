import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPage, pages, type PageMeta } from '../../shared/pages';
import { encodeBody, sendEncoded, type EncodedBody } from './encoded-body';
import { sendError } from './errors';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * modulepreload links for a page's own chunks and what they import, so they load in parallel with the
 * shell. Low priority where the page paints from its prerendered HTML: they must not hold up the CSS.
 */
function preloadLinks(
  template: string,
  manifest: Manifest,
  modules: string[] = [],
  priority: 'auto' | 'low' = 'auto',
): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file) || template.includes(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  const hint = priority === 'low' ? ' fetchpriority="low"' : '';
  return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}"${hint} />`).join('');
}

type Prerenderer = { renderPage(pathname: string): Promise<string> };

/**
 * The renderer built from src/web/prerender.tsx (dist/prerender), or null when there is none. It
 * runs once per page at start, so a page's HTML carries its first view and paints before any
 * JavaScript has run (mobile Lighthouse measured 94 for /booking without it).
 */
async function loadPrerenderer(webRoot: string): Promise<Prerenderer | null> {
  const file = path.join(webRoot, '..', 'prerender', 'prerender.js');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as Prerenderer) : null;
}

async function firstView(app: FastifyInstance, prerenderer: Prerenderer | null, meta: PageMeta): Promise<string> {
  if (!prerenderer || !meta.prerender) return '';
  try {
    return await prerenderer.renderPage(meta.path);
  } catch (err) {
    // The page still works: the browser renders it from scratch, as without a prerenderer.
    app.log.warn({ err, page: meta.path }, 'could not prerender page');
    return '';
  }
}

function render(template: string, meta: PageMeta, manifest: Manifest, body = ''): EncodedBody {
  let html = template
    .replace('</head>', `${preloadLinks(template, manifest, meta.modules, body ? 'low' : 'auto')}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
  // A function, so a `$` in the page's text is not read as a replacement pattern.
  if (body) html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${body}</div>`);
  return encodeBody(Buffer.from(html), 'max');
}

function send(request: FastifyRequest, reply: FastifyReply, page: EncodedBody, status: number) {
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return sendEncoded(request, reply, page);
}

/**
 * Serves the built React app: hashed assets compressed ahead of time with year-long caching, and
 * each known page's HTML (rendered once at start with its own title, description and, for public
 * pages, first view). Unknown paths get the app with status 404, where the router shows Page Not
 * Found; unknown /api paths get JSON.
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
  const prerenderer = await loadPrerenderer(webRoot);
  for (const meta of pages) {
    const page = render(template, meta, manifest, await firstView(app, prerenderer, meta));
    app.get(meta.path, (request, reply) => send(request, reply, page, 200));
  }
  installNotFound(app, render(template, notFoundPage, manifest));
}

function installNotFound(app: FastifyInstance, page: EncodedBody | null) {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !page || request.method !== 'GET') {
      return sendError(reply, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    return send(request, reply, page, 404);
  });
}
