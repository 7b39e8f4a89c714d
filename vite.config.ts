import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = process.env.PORT ?? '5000';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  // The manifest lets the server preload each page's own chunks in its HTML (no request waterfall).
  // The SSR build (src/web/prerender.tsx) is the server's renderer of each page's first view.
  build: isSsrBuild
    ? { outDir: '../../dist/prerender', emptyOutDir: true, copyPublicDir: false, target: 'node20' }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        manifest: true,
        // No preload links from the chunk loader: on a prerendered page each dynamic import inserted a
        // <link rel=modulepreload> per dependency into <head> (43 on /party-booking), 85-110 ms of main thread
        // at Lighthouse's 4x CPU, most of its Total Blocking Time; the browser fetches a chunk's imports as it
        // reads it instead (docs/decisions/014). The server still preloads a non-prerendered page's chunks.
        modulePreload: false,
        // React in one chunk (react, its JSX runtime, react-dom, the scheduler): every page loads all of it
        // anyway, one file compresses 0.7 KB smaller than two, and its name stays put as the app changes.
        rolldownOptions: {
          // @stripe/react-stripe-js builds each of its 20 Element components at load
          // (`createElementComponent('card', ...)`) without marking the call pure, so all of them stayed in the
          // card form's chunk; the site uses only PaymentElement.
          treeshake: { manualPureFunctions: ['createElementComponent'] },
          output: {
            advancedChunks: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // TanStack Query likewise: every page that fetches loads its core, hooks and cache together, and
                // one file of them compresses smaller than the four small chunks it was split into.
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
              ],
            },
          },
        },
      },
  // The prerenderer carries its own copy of React and every library a page uses: they are dev
  // dependencies (only the web build needs them), so production's pruned node_modules lacks them.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
}));
