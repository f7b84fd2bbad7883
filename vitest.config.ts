import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  define: { __PUNDAY_BUILD__: JSON.stringify('test') },
  resolve: {
    alias: [
      ...preactAliases,
      // Vitest resolves like Node (no "module" condition), which gives react-router's CommonJS
      // build and, through Node's require, the real React; use its ES module build instead.
      {
        find: /^react-router$/,
        replacement: path.resolve(
          import.meta.dirname,
          'node_modules/react-router/dist/development/index.mjs',
        ),
      },
      // Its package.json has no "exports" and Vitest takes "main", a CommonJS build whose
      // require('react-dom') Node resolves to the real React DOM; the ES module build gets the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/client/testing/setup.ts'],
    // Every test starts with the real globals (fetch, EventSource...), whatever the last one stubbed.
    unstubGlobals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Run these through Vite rather than Node's loader, so their react / react-dom imports get the
    // Preact aliases above (an externalised copy would load the real React next to Preact).
    server: {
      deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/] },
    },
  },
});
