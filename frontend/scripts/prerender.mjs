/**
 * Prerenders every public page after both Vite builds: renders each route with the server
 * bundle and writes frontend/dist/prerendered.json, from which the server assembles each page's
 * document (head from its configuration, body from here, the page's own chunks preloaded) around
 * dist/index.html.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageChunks } from './page-chunks.mjs';

// React and MUI pick their production builds from this when first imported.
process.env.NODE_ENV ??= 'production';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const chunks = pageChunks(frontend);
const { prerenderPage, prerenderedPages } = await import(
  join(frontend, 'dist-server', 'entry-server.js')
);
const pages = [];
for (const { path, shareImage } of prerenderedPages) {
  const { result, chunks: modulePreloads } = await chunks.during(() =>
    prerenderPage(path, shareImage),
  );
  pages.push({ ...result, modulePreloads });
}
writeFileSync(join(frontend, 'dist', 'prerendered.json'), JSON.stringify(pages));
console.log(`prerendered ${pages.map((page) => page.path).join(' ')}`);
// The data store keeps timers for its cached answers that would hold the process open.
process.exit(0);
