import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { VisualizationRetentionJob } from '#src/modules/visualizer/retention/visualization-retention.job.js';
import {
  encodeBmp,
  heicHeader,
  kitchenJpeg,
  pngBomb,
} from '../fixtures/kitchens/kitchen-images.js';
import { generateKitchen } from '../fixtures/kitchens/kitchen-generator.js';
import { errorText } from '../support/error-body.js';
import { bearer, signInAs } from '../support/staff.js';
import { startTestApp, type RunningApp } from '../support/test-app.js';
import { visitorCookie, visitorIdOf } from '../support/visitor-cookie.js';
import { useTestApp } from '../support/app-fixture.js';

/** One front outlined by hand: the middle of the photo's left half. */
const OUTLINE = [
  [0.25, 0.25],
  [0.5, 0.25],
  [0.5, 0.75],
  [0.25, 0.75],
];

async function plainWall(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#d8cfc0' } })
    .jpeg()
    .toBuffer();
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
};
const LIMIT_MESSAGE =
  'Olet käyttänyt kaikki 3 ilmaista visualisointiasi. Ota yhteyttä saadaksesi lisää.';

function storedFiles(testApp: RunningApp): string[] {
  const directory = join(testApp.dataDir, 'visualizations');
  return existsSync(directory) ? readdirSync(directory) : [];
}

async function countRows(testApp: RunningApp, table: string): Promise<number> {
  const { rows } = await testApp.db.pool.query<{ n: number }>(
    `select count(*)::int as n from ${table}`,
  );
  return rows[0].n;
}

// Textures are generated on first use of a pattern code; the tests stick to NH10 to pay that once.
describe('POST /api/visualize', () => {
  // Taps have their own suite (visualize-taps); here the model would only encode every photo.
  const testApp = useTestApp({
    env: { VISUALIZER_IP_DAILY_LIMIT: '3', VISUALIZER_TAP_MODEL: 'off' },
  });
  let kitchen: string;
  beforeAll(async () => {
    kitchen = (await kitchenJpeg(7)).toString('base64');
  });

  const visualize = (body: object, headers: Record<string, string> = {}) =>
    request(testApp.baseUrl).post('/api/visualize').set(headers).send(body);

  describe('bad input', () => {
    /** A body sending `image` as the kitchen photo, made when the case runs. */
    const photo = (image: () => Buffer | Promise<Buffer>) => async () => ({
      kitchenImage: (await image()).toString('base64'),
      patternId: 'NH10',
    });
    const cases: [string, () => Promise<object>, number, RegExp][] = [
      ['a missing kitchenImage', async () => ({ patternId: 'NH10' }), 400, /kitchenImage/],
      ['a missing patternId', async () => ({ kitchenImage: kitchen }), 400, /patternId/],
      [
        'an unknown field',
        async () => ({ kitchenImage: kitchen, patternId: 'NH10', price: 1 }),
        400,
        /price/,
      ],
      [
        'a pattern code that is not in the catalogue',
        async () => ({ kitchenImage: kitchen, patternId: 'ZZ999' }),
        400,
        /Tuntematon malli/,
      ],
      [
        'a malformed pattern code',
        async () => ({ kitchenImage: kitchen, patternId: '../NH10' }),
        400,
        /patternId/,
      ],
      [
        'a data-URL prefix',
        async () => ({ kitchenImage: `data:image/jpeg;base64,${kitchen}`, patternId: 'NH10' }),
        400,
        /base64/,
      ],
      [
        'more than 15 MB',
        async () => {
          const big = Buffer.alloc(15 * 1024 * 1024 + 1, 7);
          big.set([0xff, 0xd8, 0xff, 0xe0]);
          return { kitchenImage: big.toString('base64'), patternId: 'NH10' };
        },
        413,
        /Tiedosto liian suuri.*15MB/,
      ],
      [
        'an SVG',
        photo(() =>
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        ),
        415,
        /Tiedostotyyppi ei tuettu/,
      ],
      [
        'HTML renamed to .jpg',
        photo(() => Buffer.from('<!doctype html><html><body>hi</body></html>')),
        415,
        /Tiedostotyyppi ei tuettu/,
      ],
      [
        'a PDF',
        photo(() => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')),
        415,
        /Tiedostotyyppi ei tuettu/,
      ],
      [
        'a truncated JPEG',
        photo(() => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])),
        415,
        /Kuvaa ei voitu lukea/,
      ],
      ['a 400 MP PNG bomb', photo(() => pngBomb(20_000, 20_000)), 413, /megapikseli/],
      [
        'a PNG of 40,000,000 × 1 px (exactly the pixel cap)',
        photo(() => pngBomb(40_000_000, 1)),
        413,
        /enintään 16384 pikseliä/,
      ],
      [
        'a PNG of 1 × 40,000,000 px',
        photo(() => pngBomb(1, 40_000_000)),
        413,
        /enintään 16384 pikseliä/,
      ],
      ['a HEIC claiming 81 MP', photo(() => heicHeader(9000, 9000)), 413, /megapikseli/],
      ...(
        [
          ['fronts that are not a list', 'a front'],
          ['an empty list of fronts', []],
          [
            'a front with three corners',
            [
              [
                [0.1, 0.1],
                [0.2, 0.1],
                [0.2, 0.2],
              ],
            ],
          ],
          [
            'a front corner outside the photo',
            [
              [
                [0.1, 0.1],
                [1.5, 0.1],
                [0.2, 0.2],
                [0.1, 0.2],
              ],
            ],
          ],
          [
            'a front corner that is not a number',
            [
              [
                [0.1, 0.1],
                [0.2, '0.1'],
                [0.2, 0.2],
                [0.1, 0.2],
              ],
            ],
          ],
          ['81 fronts', Array.from({ length: 81 }, () => OUTLINE)],
        ] as [string, unknown][]
      ).map(([name, fronts]): [string, () => Promise<object>, number, RegExp] => [
        name,
        async () => ({ kitchenImage: kitchen, patternId: 'NH10', fronts }),
        400,
        /Ovien rajauksia voi olla 1–80/,
      ]),
      ['a photo without cabinets', photo(plainWall), 422, /kaapinovia/],
    ];

    it.each(cases)(
      'should refuse %s and leave nothing behind',
      async (_, body, status, message) => {
        const response = await visualize(await body());
        expect(response.status).toBe(status);
        expect(response.body.statusCode).toBe(status);
        // Finnish on the public routes; each refused field named beside its sentence.
        expect(`${response.body.message} ${JSON.stringify(response.body.fields ?? [])}`).toMatch(
          message,
        );
        // The usual three keys first; a refused field is named beside them in `fields`.
        expect(
          response.text.startsWith(
            errorText(status, REASON_PHRASES[status], String(response.body.message)).slice(0, -1),
          ),
        ).toBe(true);
        expect(storedFiles(testApp)).toEqual([]);
        expect(await countRows(testApp, 'visualizations')).toBe(0);
        // Refusals cost no free render (the one that reached the renderer was given back).
        const { rows } = await testApp.db.pool.query<{ n: number }>(
          'select coalesce(sum(renders), 0)::int as n from visualizer_visitors',
        );
        expect(rows[0].n).toBe(0);
        expect(await countRows(testApp, "events where stream_id like 'visitor-%'")).toBe(0);
      },
    );
  });

  describe('rendering and the free-render limits', () => {
    let cookie: string;

    it('should render, store the photo and the render, and record the pattern for the visitor', async () => {
      const response = await visualize({ kitchenImage: kitchen, patternId: 'NH10' }).expect(200);
      expect(response.body).toEqual({
        imageUrl: expect.stringMatching(/^\/api\/visualizations\/[A-Za-z0-9_-]{22}\.jpg$/),
      });
      cookie = visitorCookie(response);
      const setCookie = ([] as string[]).concat(response.headers['set-cookie']).join(';');
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);

      const image = await request(testApp.baseUrl).get(response.body.imageUrl).expect(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(image.body as Buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 900, 600]);
      expect(metadata.exif).toBeUndefined();
      expect(storedFiles(testApp)).toHaveLength(2);

      const visitorId = visitorIdOf(cookie);
      const { rows } = await testApp.db.pool.query(
        'select type, data from events where stream_id = $1',
        [`visitor-${visitorId}`],
      );
      expect(rows).toEqual([
        {
          type: 'VisualizationGenerated',
          data: {
            visualizationId: expect.any(String),
            patternId: 'NH10',
            durationMs: expect.any(Number),
            renderer: 'local',
          },
        },
      ]);
      const status = await request(testApp.baseUrl)
        .get('/api/visualize/status')
        .set('Cookie', cookie)
        .expect(200);
      expect(status.body).toEqual({ remaining: 2, unlimited: false });
    });

    it('should decode a BMP upload', async () => {
      const generated = generateKitchen(3, 600, 400);
      const bmp = encodeBmp(generated.rgb, 600, 400).toString('base64');
      const response = await visualize(
        { kitchenImage: bmp, patternId: 'NH10' },
        { Cookie: cookie },
      );
      expect(response.status).toBe(200);
    });

    it('should refuse the 4th render for the same cookie with the exact message', async () => {
      // New photos each time: re-rendering one photo shortly after is free.
      const third = (await kitchenJpeg(8)).toString('base64');
      const fourthPhoto = (await kitchenJpeg(9)).toString('base64');
      await visualize({ kitchenImage: third, patternId: 'NH10' }, { Cookie: cookie }).expect(200);
      const fourth = await visualize(
        { kitchenImage: fourthPhoto, patternId: 'R11' },
        { Cookie: cookie },
      );
      expect(fourth.status).toBe(429);
      expect(fourth.text).toBe(errorText(429, 'Too Many Requests', LIMIT_MESSAGE));
    });

    it('should refuse the 4th render after the cookies were cleared (per-IP daily cap)', async () => {
      const response = await visualize({ kitchenImage: kitchen, patternId: 'R11' });
      expect(response.status).toBe(429);
      expect(response.body.message).toBe(LIMIT_MESSAGE);
    });

    it('should refuse a forged visitor cookie as a new visitor', async () => {
      const forged = `visitor=${encodeURIComponent(`${visitorIdOf(cookie).replace(/.$/, '0')}.forged`)}`;
      const status = await request(testApp.baseUrl)
        .get('/api/visualize/status')
        .set('Cookie', forged)
        .expect(200);
      expect(status.body).toEqual({ remaining: 3, unlimited: false });
    });

    it('should let a signed-in admin render without limits', async () => {
      const { token } = await signInAs(testApp, 'admin');
      for (const patternId of ['NH10', 'NH10']) {
        await visualize(
          { kitchenImage: kitchen, patternId },
          { Cookie: cookie, ...bearer(token) },
        ).expect(200);
      }
      const status = await request(testApp.baseUrl)
        .get('/api/visualize/status')
        .set(bearer(token))
        .expect(200);
      expect(status.body).toEqual({ remaining: 0, unlimited: true });
    });
  });

  describe('GET /api/visualizations/:id.jpg', () => {
    it.each([
      'nope.jpg',
      'AAAAAAAAAAAAAAAAAAAAAA.jpg',
      '..%2F..%2Fapp-secret',
      'AAAAAAAAAAAAAAAAAAAAAA.png',
    ])('should answer 404 for %s', async (file) => {
      const response = await request(testApp.baseUrl).get(`/api/visualizations/${file}`);
      expect(response.status).toBe(404);
    });
  });

  describe(VisualizationRetentionJob.name, () => {
    it('should delete visualizations 30 days old and nothing newer', async () => {
      const { rows } = await testApp.db.pool.query<{ id: string }>(
        'select id from visualizations order by created_at',
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const [old, borderline, ...fresh] = rows.map((row) => row.id);
      await testApp.db.pool.query(
        `update visualizations set created_at = now() - interval '30 days 1 minute' where id = $1`,
        [old],
      );
      await testApp.db.pool.query(
        `update visualizations set created_at = now() - interval '29 days 23 hours' where id = $1`,
        [borderline],
      );
      const deleted = await testApp.app.get(VisualizationRetentionJob).purge();
      expect(deleted).toBe(1);
      const files = storedFiles(testApp);
      expect(files.some((file) => file.startsWith(old))).toBe(false);
      for (const id of [borderline, ...fresh]) {
        expect(files).toEqual(expect.arrayContaining([`${id}.jpg`, `${id}-original.jpg`]));
      }
      await request(testApp.baseUrl).get(`/api/visualizations/${old}.jpg`).expect(404);
      await request(testApp.baseUrl).get(`/api/visualizations/${borderline}.jpg`).expect(200);
    });
  });
});

describe('correcting the fronts before a render', () => {
  const testApp = useTestApp({ env: { VISUALIZER_IP_DAILY_LIMIT: '100' } });
  let kitchen: string;
  beforeAll(async () => {
    kitchen = (await kitchenJpeg(7)).toString('base64');
  });

  const remaining = async (cookie: string) =>
    (await request(testApp.baseUrl).get('/api/visualize/status').set('Cookie', cookie)).body as {
      remaining: number;
    };

  it('should outline the fronts found in a photo without using a free render', async () => {
    const response = await request(testApp.baseUrl)
      .post('/api/visualize/fronts')
      .send({ kitchenImage: kitchen })
      .expect(200);
    expect(response.body).toEqual({
      width: 900,
      height: 600,
      fronts: expect.any(Array),
      uploadId: expect.any(String),
    });
    const fronts = response.body.fronts as number[][][];
    expect(fronts.length).toBeGreaterThanOrEqual(6);
    for (const outline of fronts) {
      expect(outline).toHaveLength(4);
      for (const [x, y] of outline) {
        expect([x >= 0 && x <= 1, y >= 0 && y <= 1]).toEqual([true, true]);
      }
    }
    expect(await countRows(testApp, 'visualizer_visitors')).toBe(0);
  });

  it('should answer an empty list, not an error, for a photo where no front was found', async () => {
    const response = await request(testApp.baseUrl)
      .post('/api/visualize/fronts')
      .send({ kitchenImage: (await plainWall()).toString('base64') })
      .expect(200);
    expect(response.body).toEqual({
      width: 640,
      height: 480,
      fronts: [],
      uploadId: expect.any(String),
    });
  });

  it.each([
    ['no photo', {}, 400, /kitchenImage/],
    ['an SVG', { kitchenImage: Buffer.from('<svg/>').toString('base64') }, 415, /Tiedostotyyppi/],
    ['an unknown field', { kitchenImage: 'AAAA', patternId: 'NH10' }, 400, /patternId/],
  ])('should refuse fronts for %s', async (_, body, status, message) => {
    const response = await request(testApp.baseUrl).post('/api/visualize/fronts').send(body);
    expect(response.status).toBe(status);
    expect(`${response.body.message} ${JSON.stringify(response.body.fields ?? [])}`).toMatch(
      message,
    );
  });

  it('should paint the fronts the visitor outlined, and only those', async () => {
    const wall = await plainWall();
    const response = await request(testApp.baseUrl)
      .post('/api/visualize')
      .send({ kitchenImage: wall.toString('base64'), patternId: 'NH10', fronts: [OUTLINE] })
      .expect(200);
    const image = await request(testApp.baseUrl).get(response.body.imageUrl).expect(200);
    const [before, after] = await Promise.all(
      [wall, image.body as Buffer].map((jpeg) => sharp(jpeg).raw().toBuffer()),
    );
    const difference = (x: number, y: number) => {
      const p = (y * 640 + x) * 3;
      return [0, 1, 2].reduce((sum, c) => sum + Math.abs(before[p + c] - after[p + c]), 0);
    };
    expect(difference(240, 240)).toBeGreaterThan(30); // inside the outline
    expect(difference(500, 240)).toBeLessThan(12); // right half: untouched
    expect(difference(100, 50)).toBeLessThan(12); // above the outline
  });

  it('should not count a re-render of the same photo within 15 minutes', async () => {
    const first = await request(testApp.baseUrl)
      .post('/api/visualize')
      .send({ kitchenImage: kitchen, patternId: 'NH10' })
      .expect(200);
    const cookie = visitorCookie(first);
    expect(await remaining(cookie)).toEqual({ remaining: 2, unlimited: false });
    const { body } = await request(testApp.baseUrl)
      .post('/api/visualize/fronts')
      .send({ kitchenImage: kitchen })
      .expect(200);
    const corrected = (body.fronts as number[][][]).slice(1).concat([OUTLINE]);
    for (const patternId of ['R11', 'NH10']) {
      await request(testApp.baseUrl)
        .post('/api/visualize')
        .set('Cookie', cookie)
        .send({ kitchenImage: kitchen, patternId, fronts: corrected })
        .expect(200);
    }
    expect(await remaining(cookie)).toEqual({ remaining: 2, unlimited: false });
    // Another photo is another render.
    await request(testApp.baseUrl)
      .post('/api/visualize')
      .set('Cookie', cookie)
      .send({ kitchenImage: (await kitchenJpeg(8)).toString('base64'), patternId: 'NH10' })
      .expect(200);
    expect(await remaining(cookie)).toEqual({ remaining: 1, unlimited: false });
  });

  it('should keep a re-render free on another app instance for 15 minutes, then count it', async () => {
    const photo = (await kitchenJpeg(9)).toString('base64');
    const first = await request(testApp.baseUrl)
      .post('/api/visualize')
      .send({ kitchenImage: photo, patternId: 'NH10' })
      .expect(200);
    const cookie = visitorCookie(first);
    // A second instance on the same database: what a restart or another app process sees.
    const other = await startTestApp(
      { VISUALIZER_IP_DAILY_LIMIT: '100' },
      { database: testApp.db },
    );
    try {
      const rerender = () =>
        request(other.baseUrl)
          .post('/api/visualize')
          .set('Cookie', cookie)
          .send({ kitchenImage: photo, patternId: 'R11' })
          .expect(200);
      await rerender();
      expect(await remaining(cookie)).toEqual({ remaining: 2, unlimited: false });
      const endWindow = () =>
        testApp.db.pool.query(
          `update visualizer_free_rerenders set free_until = now() - interval '1 second'
           where visitor_id = $1`,
          [visitorIdOf(cookie)],
        );
      await endWindow();
      await rerender();
      expect(await remaining(cookie)).toEqual({ remaining: 1, unlimited: false });
      // Ended windows are purged with the other expired visualizer records.
      await endWindow();
      await other.app.get(VisualizationRetentionJob).purge();
      const { rowCount } = await testApp.db.pool.query(
        'select 1 from visualizer_free_rerenders where visitor_id = $1',
        [visitorIdOf(cookie)],
      );
      expect(rowCount).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/visualize with the hosted renderer', () => {
  let provider: Server;
  beforeAll(async () => {
    // An image-edit API that fails: the visitor gets a Finnish message and keeps the free render.
    provider = createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"upstream exploded"}}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  const testApp = useTestApp({
    env: () => ({
      VISUALIZER_RENDERER: 'hosted',
      VISUALIZER_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1/images/edits`,
      VISUALIZER_API_KEY: 'sk-test',
    }),
  });
  afterAll(() => {
    provider.close();
  });

  it('should answer 502 with a Finnish message and count nothing when the provider fails', async () => {
    const kitchen = (await kitchenJpeg(7)).toString('base64');
    const response = await request(testApp.baseUrl)
      .post('/api/visualize')
      .send({ kitchenImage: kitchen, patternId: 'NH10' });
    expect(response.status).toBe(502);
    expect(response.text).toBe(
      errorText(
        502,
        'Bad Gateway',
        'Visualisointipalvelu ei juuri nyt vastaa. Yritä hetken kuluttua uudelleen.',
      ),
    );
    expect(JSON.stringify(response.body)).not.toContain('upstream exploded');
    expect(storedFiles(testApp)).toEqual([]);
    const status = await request(testApp.baseUrl)
      .get('/api/visualize/status')
      .set('Cookie', visitorCookie(response))
      .expect(200);
    expect(status.body).toEqual({ remaining: 3, unlimited: false });
  });
});
