import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
    chunkSizeWarningLimit: 800,
    // The server bundle (prerendering only) leaves its dependencies to Node.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
