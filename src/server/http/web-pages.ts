import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCatalogue } from '../../shared/catalogue';
import { notFoundPage, pages, pageText, type PageMeta } from '../../shared/pages';
import { catalogueScript, localBusinessJsonLd } from './catalogue-embed';
import { renderFirstViews } from './first-views';
import { encodeBody, sendEncoded, type EncodedBody } from './encoded-body';
import { sendError } from './errors';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** modulepreload links for the app's and a page's own chunks and what they import, so they load in parallel with the entry. */
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

/** The renderer built from src/web/prerender.tsx (dist/prerender), or null when there is none. */
function prerendererFile(webRoot: string): string | null {
  const file = path.join(webRoot, '..', 'prerender', 'prerender.js');
  return existsSync(file) ? pathToFileURL(file).href : null;
}

/**
 * The end of the prerendered first view. The head's `<link rel=expect blocking=render>` holds the first
 * paint until the parser has reached it, so the whole first view paints in one frame: a slow phone's
 * parser used to yield after the nav, paint that, and paint the hero (the page's largest text) later.
 */
const firstViewEnd = 'first-view-end';

/**
 * A prerendered page's first paint needs only its HTML (docs/decisions/014): the stylesheet is inlined
 * (no request before the paint), and the entry (main.tsx, which loads the app after the paint) is
 * fetched at low priority, so Lighthouse's simulation does not count it into FCP and LCP (it treats a
 * high-priority script that loaded before the paint as render-blocking, and for LCP any request).
 */
function paintFirst(html: string, webRoot: string): string {
  return html
    .replace('</title>', `</title><link rel="expect" href="#${firstViewEnd}" blocking="render" />`)
    .replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/, (link, file: string) => {
      const css = path.join(webRoot, file);
      // `</` cannot occur in Tailwind's output; were it ever to, keep the link rather than break the page.
      const text = existsSync(css) ? readFileSync(css, 'utf8') : '';
      // The disabled link is never fetched; the app's chunk loader sees it and does not fetch the sheet again.
      return text && !text.includes('</') ? `<style>${text}</style>${link.replace('>', ' disabled>')}` : link;
    })
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
    .replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      '<link rel="modulepreload" crossorigin href="$1" fetchpriority="low">',
    );
}

function render(
  template: string,
  meta: PageMeta,
  manifest: Manifest,
  catalogue: PublicCatalogue,
  body = '',
  webRoot = '',
): EncodedBody {
  // The catalogue the first view was drawn from travels with it, so the app hydrates with the same facts.
  // The catalogue goes at the end of the body: its bytes then follow the first view instead of delaying its
  // paint, and the app (a module script, run once the document is parsed) still finds it.
  const head =
    (meta.path === '/' ? localBusinessJsonLd(catalogue) : '') +
    (meta.manifest ? `<link rel="manifest" href="${escapeHtml(meta.manifest)}" />` : '');
  let html = (body ? paintFirst(template, webRoot) : template)
    .replace('</head>', () => `${head}</head>`)
    .replace('</body>', () => `${catalogueScript(catalogue, meta.path)}</body>`)
    // A prerendered page preloads nothing: main.tsx asks for the app once the page is on screen. Any
    // other page preloads the app (boot.tsx) and its own code alongside the entry, with no waterfall.
    .replace('</head>', `${body ? '' : preloadLinks(template, manifest, ['boot.tsx', ...(meta.modules ?? [])])}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(pageText(meta.title, catalogue))}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(pageText(meta.description, catalogue))}" />`,
    )
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(noscriptText(catalogue))}</noscript>`);
  // A function, so a `$` in the page's text is not read as a replacement pattern.
  if (body)
    html = html.replace(
      '<div id="root"></div>',
      () => `<div id="root" data-prerendered>${body}<span id="${firstViewEnd}" hidden></span></div>`,
    );
  return encodeBody(Buffer.from(html), 'max');
}

const noscriptText = (c: PublicCatalogue) =>
  `${c.venue.name} needs JavaScript for booking. Call us on ${c.venue.phone}.`;

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
export async function registerWebPages(
  app: FastifyInstance,
  webRoot: string,
  catalogue: () => Promise<PublicCatalogue>,
): Promise<void> {
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
  const prerenderer = prerendererFile(webRoot);
  const prerendered = pages.filter((p) => p.prerender).map((p) => p.path);
  // Every page is rendered once per catalogue (an edit, or a new day for prices and posts) and kept.
  let views: { key: string; bodies: Promise<Record<string, string>> } | null = null;
  const firstViews = (c: PublicCatalogue) => {
    const key = `${c.version}:${c.day}`;
    if (views?.key !== key) {
      const bodies = prerenderer ? renderFirstViews(prerenderer, prerendered, c, app.log) : Promise.resolve({});
      views = { key, bodies };
    }
    return views.bodies;
  };
  const pageOf = (meta: PageMeta) => {
    let kept: { key: string; page: Promise<EncodedBody> } | null = null;
    return async () => {
      const c = await catalogue();
      const key = `${c.version}:${c.day}`;
      if (kept?.key !== key) {
        const page = firstViews(c).then((bodies) =>
          render(template, meta, manifest, c, bodies[meta.path] ?? '', webRoot),
        );
        kept = { key, page };
      }
      return kept.page;
    };
  };
  for (const meta of pages) {
    const page = pageOf(meta);
    await page();
    app.get(meta.path, async (request, reply) => send(request, reply, await page(), 200));
  }
  installNotFound(app, pageOf(notFoundPage));
}

function installNotFound(app: FastifyInstance, page: (() => Promise<EncodedBody>) | null) {
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !page || request.method !== 'GET') {
      return sendError(reply, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    return send(request, reply, await page(), 404);
  });
}
