import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const modules = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Chunk membership decided here rather than by the bundler's heuristics, which gave differently
 * shaped entry chunks from one build to the next. Libraries every page needs get one stable,
 * long-cached chunk each; a group takes along what its modules import (so no chunk runs before
 * a chunk it needs), except modules a group of higher priority has already taken. Admin-only
 * libraries (the data grid, drag and drop) are left to the lazy chunks that import them: a group
 * of their own would take along MUI components the public pages need.
 */
const chunkGroups = [
  { name: 'react', priority: 40, test: modules('react', 'react-dom', 'scheduler') },
  {
    name: 'router',
    priority: 30,
    test: modules('react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'),
  },
  {
    name: 'mui-core',
    priority: 20,
    test: modules(
      '@emotion',
      'stylis',
      '@mui/system',
      '@mui/styled-engine',
      '@mui/utils',
      '@mui/private-theming',
      '@mui/material/styles',
    ),
  },
  {
    name: 'redux',
    priority: 10,
    test: modules('@reduxjs', 'redux', 'react-redux', 'immer', 'reselect', 'redux-thunk'),
  },
];

/**
 * V8 compiles a function on its first call, on the main thread; on a phone that was ≈ 40 % of the
 * script time of a page's first input (React's event and update code runs for the first time
 * then). The magic comment asks V8 to compile the whole file while it streams it in, off the main
 * thread. Given to the entry and the chunks it imports statically, which every public page runs
 * (docs/decisions/0133-first-input-compiled-ahead.md).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry) continue;
        for (const file of [entry.fileName, ...entry.imports]) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT))
            chunk.code = COMPILE_HINT + chunk.code;
        }
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [compileHints()])],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Server code the build's prerendering reads (the pattern catalogue); never the browser's.
      '#src': fileURLToPath(new URL('../src', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/vinyl_patterns': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Which chunks each prerendered page needs: the prerendering preloads them from the HTML.
    manifest: true,
    chunkSizeWarningLimit: 800,
    // The server bundle (prerendering only) leaves its dependencies to Node.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
