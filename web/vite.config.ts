import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const webRoot = import.meta.dirname;

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
  ],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
  },
  server: {
    // `npm run dev:web` talks to the API worker of `wrangler dev` (default port 8787).
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
});
