import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import type { RoutePreload } from '../worker/src/lib/preloads';

const webRoot = import.meta.dirname;

/**
 * dist/route-preloads.json: for every route of src/routes, the chunks and stylesheets its page loads
 * after the entry (its own split component, the components of the layouts above it, what they
 * import). The worker names them in the page's HTML (<link rel="modulepreload">, <link rel="stylesheet">),
 * so they download alongside the entry instead of after it has run, and the router finds them present
 * (Vite's loader adds only the links a document lacks). Route files follow the router's file
 * conventions: `route.tsx` is its folder's layout, `index.tsx` its page, a `_folder` adds no path
 * segment, a `.` in a file name is a `/`, and files starting with `-` are not routes.
 */
/** The worker's PRELOADS_FILE (worker/src/lib/preloads.ts), written here so the config loads no worker code; tests/worker/app/preloads.test.ts reads the table by the worker's name. */
const PRELOADS_FILE = '/route-preloads.json';

function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const m = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      /** The files of these chunks and what they import, depth first, leaving out `skip`: scripts as reached, each chunk's stylesheets after its imports' (the order Vite's loader adds them in). */
      const files = (keys: string[], skip = new Set<string>()) => {
        const js: string[] = [];
        const css: string[] = [];
        const walk = (key: string) => {
          const c = m[key];
          const file = c && `/${c.file}`;
          if (!file || skip.has(file) || js.includes(file)) return;
          js.push(file);
          (c.imports ?? []).forEach(walk);
          for (const f of c.css ?? []) if (!skip.has(`/${f}`) && !css.includes(`/${f}`)) css.push(`/${f}`);
        };
        keys.forEach(walk);
        return { js, css };
      };
      // What the page's HTML already loads: the entry and what it imports.
      const entry = files([Object.keys(m).find((k) => m[k]!.isEntry)!]);
      const loaded = new Set([...entry.js, ...entry.css]);
      // Route file (without extension, under src/routes) → its split component's manifest key.
      const components = new Map<string, string>();
      for (const key of Object.keys(m)) {
        const hit = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(key);
        if (hit) components.set(hit[1]!, key);
      }
      const pathOf = (segments: string[]) => '/' + segments.filter((s) => !s.startsWith('_')).join('/');
      const layouts = [...components.keys()].filter((f) => f === 'route' || f.endsWith('/route'));
      const layoutsAbove = (dir: string[]) =>
        layouts.filter((l) => {
          const ld = l.split('/').slice(0, -1);
          return ld.length <= dir.length && ld.every((s, i) => s === dir[i]);
        }).sort((a, b) => a.split('/').length - b.split('/').length);
      const table = new Map<string, RoutePreload>();
      for (const file of components.keys()) {
        const parts = file.split('/');
        const name = parts.pop()!;
        if (name.startsWith('-') || name === '__root') continue;
        const isLayout = name === 'route';
        const urlSegments = [...parts, ...(isLayout || name === 'index' ? [] : name.split('.'))];
        const routePath = pathOf(urlSegments).replace(/\/$/, '') || '/';
        // A folder's page wins over its layout at the same path: the page's files include the layout's.
        if (isLayout && table.has(routePath)) continue;
        const chain = [...layoutsAbove(parts).filter((l) => l !== file), file].map((f) => components.get(f)!);
        table.set(routePath, { path: routePath, ...files(chain, loaded) });
      }
      const out: RoutePreload[] = [...table.values()].sort((a, b) => a.path.localeCompare(b.path));
      writeFileSync(path.join(outDir, PRELOADS_FILE), JSON.stringify(out, null, 1));
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
    routePreloads(),
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
