import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const modules = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Chunk membership decided here rather than by the bundler's heuristics, which gave differently
 * shaped entry chunks from one build to the next. Libraries every page needs get one stable,
 * long-cached chunk each; the admin's heavy libraries stay out of the public pages.
 */
const chunkGroups = [
  { name: 'react', test: modules('react', 'react-dom', 'scheduler') },
  {
    name: 'router',
    test: modules('react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'),
  },
  {
    name: 'mui-core',
    test: modules(
      '@emotion',
      'stylis',
      'clsx',
      'react-is',
      'hoist-non-react-statics',
      '@babel/runtime',
      'prop-types',
      '@mui/system',
      '@mui/styled-engine',
      '@mui/utils',
      '@mui/private-theming',
      '@mui/material/styles',
    ),
  },
  {
    name: 'redux',
    test: modules('@reduxjs', 'redux', 'react-redux', 'immer', 'reselect', 'redux-thunk'),
  },
  {
    name: 'data-grid',
    test: modules('@mui/x-data-grid', '@mui/x-internals', '@mui/x-virtualizer'),
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/vinyl_patterns': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: { advancedChunks: { includeDependenciesRecursively: false, groups: chunkGroups } },
    },
  },
});
