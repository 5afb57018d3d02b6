import sharp from 'sharp';
import { buildCatalogue } from '#src/modules/patterns/domain/build-catalogue.js';
import { PATTERN_FAMILIES, type CatalogueEntry } from '#src/modules/patterns/domain/pattern.js';
import { renderPixels, renderTextureJpeg } from './render-texture.js';
import { isSeamless, measureSeams } from './seam.js';

const SIZE = 128;
const catalogue = buildCatalogue();
const oneOfEachFamily = PATTERN_FAMILIES.map(
  (family) => catalogue.find((entry) => entry.family === family) as CatalogueEntry,
);

describe('renderPixels', () => {
  it.each(oneOfEachFamily.map((entry) => [entry.family, entry] as const))(
    'should paint the same %s tile every time',
    async (_family, entry) => {
      const first = await renderPixels(entry.family, entry.params, SIZE);
      const second = await renderPixels(entry.family, entry.params, SIZE);
      expect(first.equals(second)).toBe(true);
    },
  );

  it.each(oneOfEachFamily.map((entry) => [entry.family, entry] as const))(
    'should paint a seamless %s tile',
    async (_family, entry) => {
      const pixels = await renderPixels(entry.family, entry.params, SIZE);
      const report = measureSeams(pixels, SIZE);
      expect({ ...report, seamless: isSeamless(report) }).toMatchObject({ seamless: true });
    },
  );

  it('should give different codes of one family different tiles', async () => {
    const [a, b] = catalogue.filter((entry) => entry.family === 'wood');
    const first = await renderPixels(a.family, a.params, SIZE);
    const second = await renderPixels(b.family, b.params, SIZE);
    expect(first.equals(second)).toBe(false);
  });

  it('should not be flat: every family shows some texture', async () => {
    for (const entry of oneOfEachFamily) {
      const pixels = await renderPixels(entry.family, entry.params, SIZE);
      const { columnStep, rowStep } = measureSeams(pixels, SIZE);
      expect({ family: entry.family, textured: columnStep + rowStep > 0.4 }).toEqual({
        family: entry.family,
        textured: true,
      });
    }
  });
});

describe('measureSeams', () => {
  it('should flag a tile whose edges do not meet', () => {
    // A left-to-right ramp: smooth inside, a hard jump where the tile repeats.
    const pixels = new Uint8Array(SIZE * SIZE * 3);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) pixels.fill(x * 2, (y * SIZE + x) * 3, (y * SIZE + x) * 3 + 3);
    }
    expect(isSeamless(measureSeams(pixels, SIZE))).toBe(false);
  });
});

describe('renderTextureJpeg', () => {
  it('should encode a square JPEG of the requested size', async () => {
    const entry = catalogue.find((candidate) => candidate.id === 'NH10') as CatalogueEntry;
    const jpeg = await renderTextureJpeg(entry.family, entry.params, 64);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 64]);
  });
});
