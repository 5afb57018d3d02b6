import sharp from 'sharp';
import { openPhoto, readForAnalysis } from './decode-image.js';
import { RenderError } from './render-job.js';

/** Pseudo-random pixels (a fixed sequence): fine detail, so any other scaling shows. */
function noisyPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = 11;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = state >>> 24;
  }
  return data;
}

const jpegOf = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

const undecodable = expect.objectContaining({ name: RenderError.name, reason: 'undecodable' });

describe('decode-image', () => {
  describe(openPhoto.name, () => {
    it('should give the size and pixels of a photo as its EXIF orientation shows it', async () => {
      // Red on the left half, blue on the right; orientation 6 shows it turned a quarter
      // clockwise, so red on top.
      const width = 64;
      const height = 16;
      const data = Buffer.alloc(width * height * 3);
      for (let i = 0; i < width * height; i++) data[i * 3 + (i % width < width / 2 ? 0 : 2)] = 255;
      const image = await sharp(await jpegOf(data, width, height))
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();

      const photo = await openPhoto({ image, decoder: 'sharp' });
      const pixels = await photo.read();

      expect([photo.width, photo.height]).toEqual([16, 64]);
      expect(pixels.length).toBe(16 * 64 * 3);
      const redOverBlue = (y: number) => pixels[(y * 16 + 8) * 3] - pixels[(y * 16 + 8) * 3 + 2];
      expect(redOverBlue(8)).toBeGreaterThan(150);
      expect(redOverBlue(56)).toBeLessThan(-150);
    });

    it('should refuse bytes that are no image as undecodable', async () => {
      const image = Buffer.from('no picture here');
      await expect(openPhoto({ image, decoder: 'sharp' })).rejects.toEqual(undecodable);
    });

    it('should refuse bytes that the HEIC decoder cannot read as undecodable', async () => {
      const image = Buffer.from('no picture here');
      await expect(openPhoto({ image, decoder: 'heic' })).rejects.toEqual(undecodable);
    });

    it('should refuse a photo cut short as undecodable when its pixels are read', async () => {
      const whole = await jpegOf(noisyPixels(400, 300), 400, 300);
      const photo = await openPhoto({
        image: whole.subarray(0, whole.length / 2),
        decoder: 'sharp',
      });
      await expect(photo.read()).rejects.toEqual(undecodable);
    });
  });

  describe(readForAnalysis.name, () => {
    // The detector was tuned on the decoded photo scaled down; scaling while decoding (which
    // keeps the full-size pixels out of memory) must give it exactly those pixels. A JPEG this
    // much larger than the analysis size is one libjpeg would otherwise shrink while decoding.
    it('should scale a large photo as it decodes it to the pixels of the decoded photo scaled', async () => {
      const width = 3600;
      const height = 2700;
      const image = await sharp(noisyPixels(width / 4, height / 4), {
        raw: { width: width / 4, height: height / 4, channels: 3 },
      })
        .resize(width, height, { kernel: 'cubic' })
        .jpeg({ quality: 90 })
        .toBuffer();
      const photo = await openPhoto({ image, decoder: 'sharp' });

      const { analysis, noiseFrom } = await readForAnalysis(photo);

      const decodedThenScaled = await sharp(await photo.read(), {
        raw: { width, height, channels: 3 },
      })
        .resize(analysis.width, analysis.height, { kernel: 'linear', fit: 'fill' })
        .raw()
        .toBuffer();
      expect([analysis.width, analysis.height]).toEqual([1155, 866]);
      expect(Buffer.compare(analysis.data, decodedThenScaled)).toBe(0);
      expect(noiseFrom).toBe(analysis);
    });

    it('should scale a small photo up and measure its noise on it as it came', async () => {
      const pixels = noisyPixels(320, 240);
      const photo = await openPhoto({ image: await jpegOf(pixels, 320, 240), decoder: 'sharp' });

      const { analysis, noiseFrom } = await readForAnalysis(photo);

      expect([analysis.width, analysis.height]).toEqual([1155, 866]);
      expect([noiseFrom.width, noiseFrom.height, noiseFrom.data.length]).toEqual([
        320,
        240,
        pixels.length,
      ]);
    });
  });
});
