import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import request from 'supertest';
import { PUBLIC_MESSAGES } from '#src/contract/public-refusals.js';
import { kitchenJpeg } from '../fixtures/kitchens/kitchen-images.js';
import type { AppProcess } from '../support/app-process.js';
import { runCli } from '../support/cli-process.js';
import { validQuote } from '../support/public-intake.js';
import type { TestS3 } from '../support/s3-server.js';
import { createTestDatabase } from '../support/test-database.js';
import { SERVED_BY, startTwoInstances, type TwoInstances } from '../support/two-instances.js';
import { visitorCookie } from '../support/visitor-cookie.js';

/** A person whose name, e-mail, phone and photo must be nowhere once erased. */
const PERSON = {
  firstName: 'Ilmari',
  lastName: 'Kahdenkoneenlahti',
  email: 'ilmari.kahdenkoneenlahti@probe.example',
  phone: '+358 44 321 7788',
};
const NEEDLES = [PERSON.lastName, PERSON.email, PERSON.phone, '443217788'];
const RENDER_URL = /^\/api\/visualizations\/([A-Za-z0-9_-]{22})\.jpg$/;
const DAMAGED = 'A stored file is damaged and cannot be served.';

/** A GET that tells whether the whole answer arrived (a cut-off body is not an error here). */
async function download(url: string, headers: Record<string, string> = {}) {
  try {
    const answer = await fetch(url, { headers });
    try {
      return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()), whole: true };
    } catch {
      return { status: answer.status, body: null, whole: false };
    }
  } catch {
    return { status: 0, body: null, whole: false };
  }
}

/** Every needle found in any table of the database, named by table. */
async function leaksIn(pool: pg.Pool, where: string): Promise<string[]> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const leaks: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ t: string | null }>(
      `select string_agg(r::text, E'\\n') as t from ${name} r`,
    );
    for (const needle of NEEDLES)
      if ((rows[0].t ?? '').includes(needle)) leaks.push(`${where} ${name}: ${needle}`);
  }
  return leaks;
}

/**
 * Files across two instances, each with its own DATA_DIR, one database and one bucket: renders,
 * the free renders, an erasure against a backup of the other instance, and damaged objects.
 */
describe('two app instances sharing files through the bucket', () => {
  let setup: TwoInstances;
  let instances: AppProcess[];
  let s3: TestS3;

  beforeAll(async () => {
    setup = await startTwoInstances({
      RATE_LIMIT_PER_MINUTE: '100',
      VISUALIZER_IP_DAILY_LIMIT: '100',
      VISUALIZER_TAP_MODEL: 'off',
    });
    ({ instances, s3 } = setup);
  });
  afterAll(async () => {
    await setup?.close();
  });

  /** A render through the proxy, of a photo of its own (re-rendering one photo is free). */
  async function renderThroughProxy(seed: number, cookie?: string) {
    const answer = await request(setup.proxy.url)
      .post('/api/visualize')
      .set(cookie ? { Cookie: cookie } : {})
      .send({ kitchenImage: (await kitchenJpeg(seed)).toString('base64'), patternId: 'NH10' });
    expect(answer.status).toBe(200);
    const id = RENDER_URL.exec(answer.body.imageUrl as string)![1];
    return {
      id,
      url: answer.body.imageUrl as string,
      cookie: cookie ?? visitorCookie(answer),
      answer,
    };
  }

  const restoreEnv = () => ({
    ...setup.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-two-instances-restore-')),
    LOG_LEVEL: 'warn',
  });

  it('should serve a render made through one instance from the other, and count free renders across both', async () => {
    const first = await renderThroughProxy(11);
    const madeBy = Number(first.answer.headers[SERVED_BY]);
    const stored = await s3.read(`visualizations/${first.id}.jpg`);
    const fromOther = await download(instances[1 - madeBy].baseUrl + first.url);
    expect(fromOther).toMatchObject({ status: 200, whole: true });
    expect(fromOther.body!.equals(stored)).toBe(true);

    const servedBy = [madeBy];
    for (const seed of [12, 13]) {
      const next = await renderThroughProxy(seed, first.cookie);
      servedBy.push(Number(next.answer.headers[SERVED_BY]));
    }
    expect([...new Set(servedBy)].sort()).toEqual([0, 1]);
    const fourthPhoto = (await kitchenJpeg(14)).toString('base64');
    const fourth = await Promise.all(
      instances.map((instance) =>
        request(instance.baseUrl)
          .post('/api/visualize')
          .set('Cookie', first.cookie)
          .send({ kitchenImage: fourthPhoto, patternId: 'NH10' }),
      ),
    );
    expect(fourth.map((answer) => answer.status)).toEqual([429, 429]);
    for (const instance of instances) {
      const status = await request(instance.baseUrl)
        .get('/api/visualize/status')
        .set('Cookie', first.cookie);
      expect(status.body).toEqual({ remaining: 0, unlimited: false });
    }
  }, 120_000);

  it('should leave nothing of a person erased on one instance in the backups of the other, restored', async () => {
    const [a, b] = instances;
    const auth = await setup.signIn();
    const rendered = await renderThroughProxy(21);
    const photo = await s3.read(`visualizations/${rendered.id}-original.jpg`);
    const render = await s3.read(`visualizations/${rendered.id}.jpg`);
    const quote = validQuote();
    const submitted = await request(setup.proxy.url)
      .post('/api/quote')
      .set('Cookie', rendered.cookie)
      .send({
        ...quote,
        customer: { ...quote.customer, ...PERSON, message: `Soita ${PERSON.phone}` },
      });
    expect(submitted.status).toBe(201);
    const leadId = submitted.body.leadId as string;
    // The search finds the person while they are there.
    expect(await leaksIn(setup.db.pool, 'live')).not.toEqual([]);

    const backedUp = async () => {
      const run = await request(b.baseUrl).post('/api/admin/backup/run').set(auth);
      expect(run.status).toBe(201);
      return run.body.file.name as string;
    };
    const beforeErasure = await backedUp();
    await request(a.baseUrl).delete(`/api/quotes/${leadId}/soft`).set(auth).expect(200);
    await request(a.baseUrl).delete(`/api/admin/quotes/${leadId}`).set(auth).expect(204);
    const afterErasure = await backedUp();

    const leaks: string[] = [];
    // The older one holds the person: the newest backup's erasure ledger erases them again.
    for (const name of [afterErasure, beforeErasure]) {
      const fresh = await createTestDatabase();
      try {
        const restored = await runCli('restore-backup.js', [name], {
          ...restoreEnv(),
          DATABASE_URL: fresh.url,
        });
        expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' });
        leaks.push(...(await leaksIn(fresh.pool, `restored ${name}`)));
        const { rows } = await fresh.pool.query('select id from visualizations where id = $1', [
          rendered.id,
        ]);
        if (rows.length) leaks.push(`restored ${name} visualizations: ${rendered.id}`);
      } finally {
        await fresh.drop();
      }
    }
    for (const key of await s3.keys('visualizations/')) {
      const bytes = await s3.read(key);
      if (key.includes(rendered.id) || bytes.equals(photo) || bytes.equals(render))
        leaks.push(`bucket ${key}`);
    }
    const backupText = gunzipSync(await s3.read(`backups/${afterErasure}`)).toString('utf8');
    for (const needle of NEEDLES) if (backupText.includes(needle)) leaks.push(`backup: ${needle}`);
    expect(leaks).toEqual([]);
  }, 180_000);

  it('should refuse a damaged render or photo from either instance and serve every other file', async () => {
    const auth = await setup.signIn();
    const intact = await renderThroughProxy(31);
    const damaged = await renderThroughProxy(32);
    const renderKey = `visualizations/${damaged.id}.jpg`;
    const bytes = await s3.read(renderKey);

    await s3.write(renderKey, bytes.subarray(0, bytes.length >> 1));
    for (const instance of instances) {
      const answer = await request(instance.baseUrl).get(damaged.url);
      expect([answer.status, answer.body.message]).toEqual([500, PUBLIC_MESSAGES.damagedFile]);
    }
    // Garbage of the very size is told only at its end: the answer is cut short, never whole.
    await s3.write(renderKey, randomBytes(bytes.length));
    for (const instance of instances) {
      expect((await download(instance.baseUrl + damaged.url)).whole).toBe(false);
    }
    const intactBytes = await s3.read(`visualizations/${intact.id}.jpg`);
    for (const instance of instances) {
      const answer = await download(instance.baseUrl + intact.url);
      expect(answer).toMatchObject({ status: 200, whole: true });
      expect(answer.body!.equals(intactBytes)).toBe(true);
    }

    // The right-of-access export of a person whose uploaded photo was damaged is refused.
    const email = 'vioittunut.kuva@example.fi';
    const quote = validQuote();
    await request(setup.proxy.url)
      .post('/api/quote')
      .set('Cookie', intact.cookie)
      .send({ ...quote, customer: { ...quote.customer, email } })
      .expect(201);
    const exportFrom = (instance: AppProcess) =>
      request(instance.baseUrl)
        .post('/api/admin/privacy/access-export')
        .set(auth)
        .send({ email })
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
    expect((await exportFrom(instances[0])).status).toBe(200);
    const photoKey = `visualizations/${intact.id}-original.jpg`;
    const photo = await s3.read(photoKey);
    await s3.write(photoKey, Buffer.concat([photo.subarray(0, 100), randomBytes(photo.length)]));
    for (const instance of instances) {
      const refused = await exportFrom(instance);
      expect(refused.status).toBe(500);
      expect(JSON.parse((refused.body as Buffer).toString('utf8')).message).toBe(DAMAGED);
    }
    // Its render, checked apart, is still served.
    expect((await download(instances[1].baseUrl + intact.url)).whole).toBe(true);
  }, 120_000);

  // Last: it leaves the newest backup damaged.
  it('should refuse a damaged backup: its download cut short, its restore refused, nothing touched', async () => {
    const auth = await setup.signIn();
    const backUp = async (instance: AppProcess) => {
      const run = await request(instance.baseUrl).post('/api/admin/backup/run').set(auth);
      expect(run.status).toBe(201);
      return run.body.file.name as string;
    };
    const older = await backUp(instances[0]);
    const newest = await backUp(instances[1]);
    const key = `backups/${newest}`;
    const whole = await s3.read(key);
    await s3.write(key, whole.subarray(0, whole.length - 64));

    for (const instance of instances) {
      const damaged = await download(`${instance.baseUrl}/api/admin/backup/files/${newest}`, auth);
      expect(damaged.whole).toBe(false);
      const intact = await download(`${instance.baseUrl}/api/admin/backup/files/${older}`, auth);
      expect(intact).toMatchObject({ status: 200, whole: true });
      const checksum = (await s3.read(`backups/${older}.sha256`)).toString('utf8').split(' ')[0];
      expect(createHash('sha256').update(intact.body!).digest('hex')).toBe(checksum);
    }

    // What a forced restore into the running database would replace.
    const { rows } = await setup.db.pool.query<{ p: string }>(
      'select max(global_position)::text as p from events',
    );
    const lastPosition = rows[0].p;
    const state = async () =>
      (
        await setup.db.pool.query(
          `select (select md5(string_agg(event_id::text, ',' order by global_position))
                     from events where global_position <= $1) as events,
                  (select md5(string_agg(subject_id || wrapped_key::text, ',' order by subject_id))
                     from data_subject_keys) as keys,
                  (select count(*)::int from staff_credentials) as credentials`,
          [lastPosition],
        )
      ).rows[0] as unknown;
    const before = await state();
    const refusedNewest = await runCli('restore-backup.js', [newest, '--force'], restoreEnv());
    expect(refusedNewest.code).toBe(1);
    expect(refusedNewest.stderr).toContain(`Restore refused: ${newest} is corrupted or truncated`);
    // An older, intact backup is refused too: the newest one's erasure ledger cannot be read.
    const refusedOlder = await runCli('restore-backup.js', [older, '--force'], restoreEnv());
    expect(refusedOlder.code).toBe(1);
    expect(refusedOlder.stderr).toContain(
      `Restore refused: the newest stored backup, ${newest}, holds the erasure ledger`,
    );
    expect(await state()).toEqual(before);

    for (const instance of instances) {
      const status = await request(instance.baseUrl).get('/api/admin/backup/status').set(auth);
      expect(status.status).toBe(200);
      const listed = (status.body.files as { name: string }[]).map((file) => file.name);
      expect(listed).toEqual(expect.arrayContaining([older, newest]));
      await request(instance.baseUrl).get('/api/admin/quotes').set(auth).expect(200);
    }
  }, 120_000);
});
