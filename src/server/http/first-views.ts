import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicCatalogue } from '../../shared/catalogue';

/**
 * Runs in a worker: imports the built prerenderer and renders each page in turn, as the server's start
 * always has. A section whose code has not loaded yet is sent as its fallback (docs/decisions/009).
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { renderPage } = await import(workerData.file);
  const views = {};
  for (const path of workerData.paths) {
    try {
      views[path] = { html: await renderPage(path, workerData.catalogue) };
    } catch (err) {
      views[path] = { error: String((err && err.stack) || err) };
    }
  }
  parentPort.postMessage(views);
})().catch((err) => parentPort.postMessage({ '*': { error: String((err && err.stack) || err) } }));
`;

type WorkerAnswer = Record<string, { html?: string; error?: string }>;

/**
 * The first view of each page for one catalogue, rendered in a fresh worker thread that ends when done.
 * Fresh, because React remembers a lazily loaded section once its code has loaded: rendered again in the
 * same process after an edit, a page would carry sections the browser's first render leaves to load
 * later, and hydration would fail (React error 418). A page whose render throws is sent without a first view.
 */
export function renderFirstViews(
  file: string,
  paths: string[],
  catalogue: PublicCatalogue,
  log: FastifyBaseLogger,
): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { file, paths, catalogue } });
    const done = (views: Record<string, string>) => {
      void worker.terminate();
      resolve(views);
    };
    worker.once('message', (answer: WorkerAnswer) => {
      const views: Record<string, string> = {};
      for (const [page, view] of Object.entries(answer)) {
        if (view.html !== undefined) views[page] = view.html;
        else log.warn({ page, err: view.error }, 'could not prerender page');
      }
      done(views);
    });
    worker.once('error', (err) => {
      log.warn({ err }, 'could not prerender the pages');
      done({});
    });
  });
}
