import request from 'supertest';
import { LONE_DOOR, loneDoorJpeg } from '../fixtures/kitchens/lone-door.js';
import { useTestApp } from '../support/app-fixture.js';

const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;
const DOOR_SHARES = {
  left: LONE_DOOR.left / LONE_DOOR.width,
  top: LONE_DOOR.top / LONE_DOOR.height,
  right: LONE_DOOR.right / LONE_DOOR.width,
  bottom: LONE_DOOR.bottom / LONE_DOOR.height,
};
/** The outline's corners may sit this share of a side off the door's. */
const TOLERANCE = 0.02;

describe('POST /api/visualize/taps (the segmentation model, run for real)', () => {
  let uploadId: string;

  const testApp = useTestApp({ startTimeoutMs: 120_000 });

  beforeAll(async () => {
    const photo = (await loneDoorJpeg()).toString('base64');
    const { body } = await request(testApp.baseUrl)
      .post('/api/visualize/fronts')
      .send({ kitchenImage: photo })
      .expect(200);
    expect(body).toEqual({ width: 900, height: 600, fronts: [], uploadId: expect.any(String) });
    uploadId = body.uploadId;
    expect(uploadId).toMatch(UPLOAD_ID);
  }, 120_000);

  const tap = (body: object) => request(testApp.baseUrl).post('/api/visualize/taps').send(body);
  const stored = async () =>
    (
      await testApp.db.pool.query<{ id: string; taps: number }>(
        'select id, taps from visualizer_tap_uploads order by id',
      )
    ).rows;

  function expectTheDoor(front: [number, number][]) {
    expect(front).toHaveLength(4);
    const xs = front.map(([x]) => x);
    const ys = front.map(([, y]) => y);
    for (const value of [...xs, ...ys]) expect(value >= 0 && value <= 1).toBe(true);
    expect(Math.abs(Math.min(...xs) - DOOR_SHARES.left)).toBeLessThan(TOLERANCE);
    expect(Math.abs(Math.max(...xs) - DOOR_SHARES.right)).toBeLessThan(TOLERANCE);
    expect(Math.abs(Math.min(...ys) - DOOR_SHARES.top)).toBeLessThan(TOLERANCE);
    expect(Math.abs(Math.max(...ys) - DOOR_SHARES.bottom)).toBeLessThan(TOLERANCE);
  }

  it('should outline the door under a tap, and count the tap', async () => {
    const response = await tap({ uploadId, points: [{ x: 0.45, y: 0.55, include: true }] });
    expect(response.status).toBe(200);
    expectTheDoor(response.body.front);
    expect(await stored()).toEqual([{ id: uploadId, taps: 1 }]);
  }, 60_000);

  it('should outline the door inside a dragged box', async () => {
    const response = await tap({ uploadId, box: [0.37, 0.22, 0.63, 0.86] });
    expect(response.status).toBe(200);
    expectTheDoor(response.body.front);
  }, 60_000);

  it('should keep to the door when a negative point marks the wall beside it', async () => {
    const response = await tap({
      uploadId,
      points: [
        { x: 0.45, y: 0.55, include: true },
        { x: 0.3, y: 0.5, include: false },
      ],
    });
    expect(response.status).toBe(200);
    expectTheDoor(response.body.front);
  }, 60_000);

  it('should say so when the tap lands on no front (the bare wall)', async () => {
    const response = await tap({ uploadId, points: [{ x: 0.1, y: 0.1, include: true }] });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/ei löytynyt ovea/);
  }, 60_000);

  it.each([
    [
      'a point off the photo',
      { points: [{ x: 1.2, y: 0.5, include: true }] },
      /kuvan ulkopuolelle/,
    ],
    [
      'a negative coordinate',
      { points: [{ x: 0.5, y: -0.01, include: true }] },
      /kuvan ulkopuolelle/,
    ],
    ['a box reaching past the edge', { box: [0.2, 0.2, 1.5, 0.8] }, /kuvan ulkopuolelle/],
    ['neither point nor box', {}, /tarvitsee kohdan tai rajauksen/],
    ['a point without its kind', { points: [{ x: 0.5, y: 0.5 }] }, /kuvan ulkopuolelle/],
  ])('should refuse %s in Finnish and count nothing', async (_, body, message) => {
    const before = await stored();
    const response = await tap({ uploadId, ...body });
    expect(response.status).toBe(400);
    expect(String(response.body.message)).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an unknown upload', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['an id of the wrong shape', '../../etc/passwd'],
  ])('should refuse %s with 404 in Finnish', async (_, id) => {
    const before = await stored();
    const response = await tap({ uploadId: id, points: [{ x: 0.5, y: 0.5, include: true }] });
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/Kuvaa ei löytynyt/);
    expect(await stored()).toEqual(before);
  });

  it('should refuse the 51st tap on one upload, and a tap once the window has ended', async () => {
    await testApp.db.pool.query('update visualizer_tap_uploads set taps = 50 where id = $1', [
      uploadId,
    ]);
    const many = await tap({ uploadId, points: [{ x: 0.45, y: 0.55, include: true }] });
    expect(many.status).toBe(429);
    expect(many.body.message).toMatch(/enintään 50 napautusta/);
    expect(await stored()).toEqual([{ id: uploadId, taps: 50 }]);

    await testApp.db.pool.query(
      "update visualizer_tap_uploads set taps = 0, expires_at = now() - interval '1 second' where id = $1",
      [uploadId],
    );
    const late = await tap({ uploadId, points: [{ x: 0.45, y: 0.55, include: true }] });
    expect(late.status).toBe(404);
    expect(late.body.message).toMatch(/muokkausaika on päättynyt/);
    expect(await stored()).toEqual([{ id: uploadId, taps: 0 }]);
  });

  it('should describe the endpoint in the OpenAPI document', async () => {
    const { body } = await request(testApp.baseUrl).get('/api/docs-json');
    const operation = body.paths?.['/api/visualize/taps']?.post;
    expect(operation?.summary).toMatch(/tap/);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404', '422', '429', '503']),
    );
  });
});

describe('the model-prompted detector on the taps embedding (VISUALIZER_DETECTOR=sam)', () => {
  const testApp = useTestApp({ env: { VISUALIZER_DETECTOR: 'sam' }, startTimeoutMs: 120_000 });

  it('should find the door, open the upload for taps once, and answer a tap on it', async () => {
    const photo = (await loneDoorJpeg()).toString('base64');
    const { body } = await request(testApp.baseUrl)
      .post('/api/visualize/fronts')
      .send({ kitchenImage: photo })
      .expect(200);
    expect(body).toMatchObject({ width: 900, height: 600, uploadId: expect.any(String) });
    const door = (body.fronts as [number, number][][]).find((front) => {
      const xs = front.map(([x]) => x);
      return Math.abs(Math.min(...xs) - DOOR_SHARES.left) < TOLERANCE;
    });
    expect(door).toBeDefined();
    const { rows } = await testApp.db.pool.query<{ id: string }>(
      'select id from visualizer_tap_uploads',
    );
    expect(rows).toEqual([{ id: body.uploadId }]);
    const response = await request(testApp.baseUrl)
      .post('/api/visualize/taps')
      .send({ uploadId: body.uploadId, points: [{ x: 0.45, y: 0.55, include: true }] });
    expect(response.status).toBe(200);
  }, 240_000);

  it('should render without the visitor fronts, the model finding them, and keep no upload', async () => {
    const before = (await testApp.db.pool.query('select id from visualizer_tap_uploads')).rows;
    const response = await request(testApp.baseUrl)
      .post('/api/visualize')
      .send({ kitchenImage: (await loneDoorJpeg()).toString('base64'), patternId: 'NH10' });
    expect(response.status).toBe(200);
    expect(response.body.imageUrl).toMatch(/^\/api\/visualizations\//);
    expect((await testApp.db.pool.query('select id from visualizer_tap_uploads')).rows).toEqual(
      before,
    );
  }, 240_000);
});
