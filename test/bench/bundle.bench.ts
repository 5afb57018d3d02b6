/**
 * Budget check for what a visitor's browser downloads before the home page can run: the entry
 * script and stylesheets that frontend/dist/index.html loads, modulepreloads included.
 * Run after `npm run build:frontend`:  node test/bench/bundle.bench.ts [budgetKb]
 * Sizes in kB of 1000 bytes, as Vite reports them. Exits 1 over budget, so CI can run it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(process.cwd(), 'frontend', 'dist');
const budgetKb = Number(process.argv[2] ?? 150);

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const assets = [
  ...html.matchAll(/<script[^>]+type="module"[^>]*\ssrc="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*\shref="([^"]+)"/g),
].map((match) => match[1]);

if (assets.length === 0) {
  console.error('No entry assets found in frontend/dist/index.html; run `npm run build:frontend`');
  process.exit(1);
}

let totalGzip = 0;
const rows = assets.map((asset) => {
  const content = readFileSync(join(DIST, asset.replace(/^\//, '')));
  const gzip = gzipSync(content, { level: 9 }).length;
  totalGzip += gzip;
  return { asset, rawKb: (content.length / 1000).toFixed(1), gzipKb: (gzip / 1000).toFixed(1) };
});

console.table(rows);
const totalKb = totalGzip / 1000;
console.log(`Initial JS/CSS for /: ${totalKb.toFixed(1)} kB gzip (budget ${budgetKb} kB)`);
if (totalKb > budgetKb) {
  console.error(`Over budget by ${(totalKb - budgetKb).toFixed(1)} kB`);
  process.exit(1);
}
