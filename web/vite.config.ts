import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const webRoot = import.meta.dirname;
const require = createRequire(import.meta.url);

/**
 * The API reference page (/api/docs, served by the worker) runs Swagger UI from the product's own
 * assets, never a CDN: its bundle and stylesheet are emitted under /vendor/swagger-ui/.
 */
function swaggerUiAssets(): Plugin {
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return {
    name: 'swagger-ui-assets',
    apply: 'build',
    generateBundle() {
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        this.emitFile({ type: 'asset', fileName: `vendor/swagger-ui/${file}`, source: readFileSync(path.join(dir, file)) });
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    // The router plugin must run before react() so the generated route tree and code-split chunks are transformed too.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(webRoot, 'src/routes'),
      generatedRouteTree: path.join(webRoot, 'src/routeTree.gen.ts'),
    }),
    react(),
    swaggerUiAssets(),
  ],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and route pulls in (read by `npm run bench -- pages`
    // and the bundle test). It is not served: the worker serves only the asset routes of wrangler.toml.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files. Left alone, rolldown split the entry's own imports into 26 files of about
        // 1 KB and gave each route another 25, so on HTTP/1.1 (six connections) a page's API calls queued
        // behind its scripts. `app`: everything the entry imports statically, in the entry's one file.
        // `common`: our modules (and the router's and Radix's) that four or more route chunks share, in one
        // file a route fetches with its own chunk; a route pays a few KB it may not use. Both keep Recharts
        // and the QR encoder out (tests/e2e/bundle.test.ts).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'common', minShareCount: 4, test: /(web|worker)[\\/]src[\\/]|node_modules[\\/]@(tanstack|radix-ui)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:web` talks to the API worker of `wrangler dev` (default port 8787).
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
});
