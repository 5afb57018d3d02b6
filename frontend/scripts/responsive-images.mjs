/**
 * Renders every site photo under frontend/dist/images at 320 px and at its own width, as AVIF,
 * WebP and JPEG, next to the original: keittio-1.jpg → keittio-1.320w.avif, keittio-1.640w.webp …
 * ResponsiveImage builds its srcset from the same names. Runs after `vite build` has copied them.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const images = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'images');
const SMALL_WIDTH = 320;
const FORMATS = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 72 }),
  jpg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

const originals = readdirSync(images, { recursive: true })
  .map(String)
  .filter((file) => /\.jpg$/.test(file) && !/\.\d+w\.jpg$/.test(file));

let written = 0;
for (const file of originals) {
  const path = join(images, file);
  const { width } = await sharp(path).metadata();
  for (const size of new Set([Math.min(SMALL_WIDTH, width), width])) {
    for (const [extension, encode] of Object.entries(FORMATS)) {
      const target = path.replace(/\.jpg$/, `.${size}w.${extension}`);
      await encode(sharp(path).resize({ width: size })).toFile(target);
      written++;
    }
  }
}
console.log(`responsive images: ${written} files from ${originals.length} photos`);
