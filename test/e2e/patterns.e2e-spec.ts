import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { VISUALIZER_PATTERN_CODES } from '#src/contract/visualizer.js';
import { PatternCatalogue } from '#src/modules/patterns/index.js';
import { PatternSeeder } from '#src/modules/patterns/seeding/pattern-seeder.js';
import { isSeamless, measureSeams } from '#src/modules/patterns/textures/seam.js';
import { startTestApp, type RunningApp } from '../support/test-app.js';
import { useTestApp } from '../support/app-fixture.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** supertest buffers image bodies only when told to. */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

async function getImage(testApp: RunningApp, path: string) {
  return request(testApp.baseUrl).get(path).buffer(true).parse(binary);
}

describe('Pattern catalogue over HTTP', () => {
  let photoDir: string;
  let supplierPhoto: Buffer;

  beforeAll(async () => {
    photoDir = mkdtempSync(join(tmpdir(), 'kk-pattern-photos-'));
    supplierPhoto = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(join(photoDir, 'MK14-hd-0.jpg'), supplierPhoto);
  });
  const testApp = useTestApp({ env: () => ({ PATTERN_IMAGES_DIR: photoDir }) });

  describe('GET /api/patterns', () => {
    it('should list the whole catalogue in the spec shape', async () => {
      const response = await request(testApp.baseUrl).get('/api/patterns').expect(200);
      const patterns = response.body as Record<string, string>[];
      expect(patterns.length).toBeGreaterThanOrEqual(550);
      expect(patterns.length).toBeLessThanOrEqual(650);
      expect(patterns.find((pattern) => pattern.id === 'NH10')).toEqual({
        id: 'NH10',
        name: 'NH10',
        description: 'Pattern NH10',
        imagePath: '/vinyl_patterns/NH10-hd-0.jpg',
        family: 'wood',
      });
      const ids = new Set(patterns.map((pattern) => pattern.id));
      expect(VISUALIZER_PATTERN_CODES.filter((code) => !ids.has(code))).toEqual([]);
      expect(patterns.every((pattern) => Object.keys(pattern).length === 5)).toBe(true);
    });

    it('should be cacheable and answer 304 to a matching ETag', async () => {
      const first = await request(testApp.baseUrl).get('/api/patterns').expect(200);
      expect(first.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const second = await request(testApp.baseUrl)
        .get('/api/patterns')
        .set('If-None-Match', etag)
        .expect(304);
      expect(second.text).toBeFalsy();
      await request(testApp.baseUrl)
        .get('/api/patterns')
        .set('If-None-Match', '"stale"')
        .expect(200);
    });

    it('should send the catalogue compressed when the client accepts it', async () => {
      const plain = await request(testApp.baseUrl)
        .get('/api/patterns')
        .set('Accept-Encoding', 'identity')
        .expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        // Raw bytes: HTTP clients for tests decompress on their own.
        const compressed = await rawGet(`${testApp.baseUrl}/api/patterns`, {
          'Accept-Encoding': encoding,
        });
        expect(compressed.status).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
        expect(compressed.body.length).toBeLessThan(plain.text.length / 5);
        const inflated =
          encoding === 'br' ? brotliDecompressSync(compressed.body) : gunzipSync(compressed.body);
        expect(JSON.parse(inflated.toString())).toEqual(plain.body);
      }
    });

    it('should serve what was seeded into the patterns table', async () => {
      const { rows } = await testApp.db.pool.query<{ count: number }>(
        'select count(*)::int as count from patterns',
      );
      const response = await request(testApp.baseUrl).get('/api/patterns').expect(200);
      expect(rows[0].count).toBe(response.body.length);
      expect(rows[0].count).toBe(testApp.app.get(PatternCatalogue).list().length);
    });

    it('should seed idempotently and restore a tampered or deleted row', async () => {
      const { pool } = testApp.db;
      await pool.query(`update patterns set name = 'tampered' where id = 'CT24'`);
      await pool.query(`delete from patterns where id = 'CT69'`);
      await pool.query(
        `insert into patterns (id, name, description, family, image_path, params, position)
         values ('XX1', 'XX1', 'Pattern XX1', 'solid', '/vinyl_patterns/XX1-hd-0.jpg', '{}', 9999)`,
      );
      await testApp.app.get(PatternSeeder).seed();
      await testApp.app.get(PatternSeeder).seed();
      const { rows } = await pool.query<{ id: string; name: string }>(
        `select id, name from patterns where id in ('CT24', 'CT69', 'XX1') order by id`,
      );
      expect(rows).toEqual([
        { id: 'CT24', name: 'CT24' },
        { id: 'CT69', name: 'CT69' },
      ]);
    });
  });

  describe('GET /vinyl_patterns/:file', () => {
    it('should generate a seamless 1024×1024 JPEG with year-long immutable caching', async () => {
      const response = await getImage(testApp, '/vinyl_patterns/NH10-hd-0.jpg');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const jpeg = response.body as Buffer;
      expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([1024, 1024, 3]);
      const report = measureSeams(data, info.width);
      expect({ ...report, seamless: isSeamless(report) }).toMatchObject({ seamless: true });
      expect(existsSync(join(testApp.dataDir, 'vinyl_patterns', 'NH10-hd-0.jpg'))).toBe(true);
    });

    it('should generate each texture once even when many requests race for it', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => getImage(testApp, '/vinyl_patterns/CT24-hd-0.jpg')),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const onDisk = readFileSync(join(testApp.dataDir, 'vinyl_patterns', 'CT24-hd-0.jpg'));
      expect(responses.every((response) => onDisk.equals(response.body as Buffer))).toBe(true);
    });

    it('should answer a repeat request from the stored file with validators', async () => {
      const first = await getImage(testApp, '/vinyl_patterns/NH10-hd-0.jpg');
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await request(testApp.baseUrl)
        .get('/vinyl_patterns/NH10-hd-0.jpg')
        .set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
    });

    it('should serve a supplier photo from PATTERN_IMAGES_DIR instead of generating', async () => {
      const response = await getImage(testApp, '/vinyl_patterns/MK14-hd-0.jpg');
      expect(response.status).toBe(200);
      expect((response.body as Buffer).equals(supplierPhoto)).toBe(true);
      expect(existsSync(join(testApp.dataDir, 'vinyl_patterns', 'MK14-hd-0.jpg'))).toBe(false);
    });

    it('should serve a photo dropped into the data folder instead of generating', async () => {
      const dropped = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#aa5500' },
      })
        .jpeg()
        .toBuffer();
      const { mkdirSync } = await import('node:fs');
      mkdirSync(join(testApp.dataDir, 'vinyl_patterns'), { recursive: true });
      writeFileSync(join(testApp.dataDir, 'vinyl_patterns', 'R13-hd-0.jpg'), dropped);
      const response = await getImage(testApp, '/vinyl_patterns/R13-hd-0.jpg');
      expect((response.body as Buffer).equals(dropped)).toBe(true);
    });

    it.each([
      ['an unknown code', '/vinyl_patterns/ZZ999-hd-0.jpg'],
      ['a lower-case code', '/vinyl_patterns/nh10-hd-0.jpg'],
      ['another variant', '/vinyl_patterns/NH10-hd-1.jpg'],
      ['another extension', '/vinyl_patterns/NH10-hd-0.png'],
      ['an encoded traversal', '/vinyl_patterns/..%2F..%2Fpackage.json'],
      ['a double-encoded traversal', '/vinyl_patterns/%252e%252e%252fpackage.json'],
      [
        'an encoded traversal to a real code',
        '/vinyl_patterns/..%2Fvinyl_patterns%2FNH10-hd-0.jpg',
      ],
      ['a backslash traversal', '/vinyl_patterns/..%5C..%5Cpackage.json'],
    ])('should answer 404 JSON for %s', async (_name, path) => {
      const response = await request(testApp.baseUrl).get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.text).not.toContain('keittio-kalvo');
    });

    it('should answer 400 JSON for a null byte, as every route does', async () => {
      const response = await request(testApp.baseUrl).get('/vinyl_patterns/NH10-hd-0.jpg%00.png');
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    });

    it('should never leak a file above the web root through a raw ../ path', async () => {
      const response = await request(testApp.baseUrl).get('/vinyl_patterns/../../package.json');
      expect(response.headers['content-type'] ?? '').not.toMatch(/image\/jpeg/);
      expect(response.text).not.toContain('"name": "keittio-kalvo"');
    });
  });

  describe('GET /vinyl_patterns/thumbs/:file', () => {
    it('should serve a small immutable preview of the texture', async () => {
      const response = await getImage(testApp, '/vinyl_patterns/thumbs/AG20.jpg');
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(response.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 320]);
      expect((response.body as Buffer).length).toBeLessThan(60_000);
    });

    it.each([
      ['avif', 'heif'],
      ['webp', 'webp'],
    ])('should serve the preview as %s, smaller than the JPEG', async (extension, format) => {
      const jpeg = await getImage(testApp, '/vinyl_patterns/thumbs/NH10.jpg');
      const response = await getImage(testApp, `/vinyl_patterns/thumbs/NH10.${extension}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${extension}`);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(response.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 320, 320]);
      expect((response.body as Buffer).length).toBeLessThan((jpeg.body as Buffer).length);
    });

    it('should preview the supplier photo when one is installed', async () => {
      const response = await getImage(testApp, '/vinyl_patterns/thumbs/MK14.jpg');
      const { data } = await sharp(response.body as Buffer)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // #336699 survives resizing and JPEG within a few levels.
      expect(
        Math.abs(data[0] - 0x33) + Math.abs(data[1] - 0x66) + Math.abs(data[2] - 0x99),
      ).toBeLessThan(12);
    });

    it('should answer 404 for names that are not catalogue codes', async () => {
      await request(testApp.baseUrl).get('/vinyl_patterns/thumbs/ZZ1.jpg').expect(404);
      await request(testApp.baseUrl).get('/vinyl_patterns/thumbs/NH10.png').expect(404);
      await request(testApp.baseUrl).get('/vinyl_patterns/thumbs/..%2FNH10-hd-0.jpg').expect(404);
    });
  });

  describe(PatternCatalogue.name, () => {
    it('should look codes up and hand out texture bytes', async () => {
      const catalogue = testApp.app.get(PatternCatalogue);
      expect(catalogue.has('AT04')).toBe(true);
      expect(catalogue.has('at04')).toBe(false);
      expect(catalogue.get('AT04')).toEqual({
        id: 'AT04',
        name: 'AT04',
        description: 'Pattern AT04',
        family: 'textile',
        imagePath: '/vinyl_patterns/AT04-hd-0.jpg',
      });
      const jpeg = await catalogue.texture('AT04');
      expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      await expect(catalogue.texture('NOPE1')).rejects.toThrow(RangeError);
    });
  });

  describe('background warm-up', () => {
    it('should generate textures without any request and stop cleanly on shutdown', async () => {
      // Under a dot-directory on purpose: file serving must not refuse such a data folder.
      const dataDir = join(mkdtempSync(join(tmpdir(), '.kk-dot-')), 'data');
      const warming = await startTestApp({ PATTERN_WARMUP: 'on', DATA_DIR: dataDir });
      try {
        const folder = join(dataDir, 'vinyl_patterns');
        const deadline = Date.now() + 45_000;
        while (Date.now() < deadline && !existsSync(join(folder, 'thumbs', 'NH01.jpg'))) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(existsSync(join(folder, 'NH01-hd-0.jpg'))).toBe(true);
        expect(existsSync(join(folder, 'thumbs', 'NH01.jpg'))).toBe(true);
        const response = await getImage(warming, '/vinyl_patterns/NH01-hd-0.jpg');
        expect(response.status).toBe(200);
        expect((response.body as Buffer).equals(readFileSync(join(folder, 'NH01-hd-0.jpg')))).toBe(
          true,
        );
      } finally {
        const closing = Date.now();
        await warming.close();
        expect(Date.now() - closing).toBeLessThan(10_000);
      }
    }, 90_000);
  });
});
