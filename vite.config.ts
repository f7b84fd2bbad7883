import { createHash } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// React's API from Preact (preact/compat): exact-match aliases, so react-dom/client and the JSX
// runtimes do not fall through to the bare 'react' / 'react-dom' entries.
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const MARKER = /(["'`])__PUNDAY_PRECACHE_MANIFEST__\1/;

// Writes the list of this build's files (and a version derived from it) into sw.js, so the
// service worker precaches exactly the app shell it belongs to and drops the old one.
function precacheManifest(): Plugin {
  return {
    name: 'punday-precache-manifest',
    apply: 'build',
    // After Vite's own build plugins, which drop the empty JS stubs of CSS-only chunks.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && !f.endsWith('.map'))
        .sort()
        .map((f) => `/${f}`);
      const icons = ['/icons/icon-192.png', '/icons/icon-512.png'];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const sw = bundle['sw.js'];
      if (sw?.type !== 'chunk') throw new Error('sw.js is missing from the build');
      if (!MARKER.test(sw.code)) throw new Error('the precache marker is missing from sw.js');
      sw.code = sw.code.replace(
        MARKER,
        JSON.stringify(JSON.stringify({ version, files: [...files, ...icons] })),
      );
    },
  };
}

// The SPA lives in src/client and builds to dist/client, which the server serves.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  // React Fast Refresh needs React's own renderer: under Preact it would accept an edit and show
  // nothing. Without it, an edited component reloads the page in development.
  plugins: [react({ refreshExclude: /./ }), precacheManifest()],
  resolve: { alias: preactAliases },
  // Each build names itself, so a cached copy of an older build's data is dropped.
  define: { __PUNDAY_BUILD__: JSON.stringify(`build-${Date.now().toString(36)}`) },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'src/client/index.html'),
        sw: path.resolve(import.meta.dirname, 'src/client/sw.ts'),
      },
      output: {
        // The service worker keeps a fixed address; everything else is content-hashed.
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
        changeOrigin: false,
        // The client's own modules live in src/client/api/ too (/api/client.ts, ...): Vite serves
        // those; only the rest goes to the API server.
        bypass: (req) => (/^\/api\/[^?]*\.tsx?(\?|$)/.test(req.url ?? '') ? req.url : undefined),
      },
    },
  },
});
