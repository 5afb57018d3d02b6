import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { freeLoopbackPort } from '#src/platform/database/loopback-port.js';
import { type AppProcess, startAppProcess } from '../support/app-process.js';
import { validQuote } from '../support/public-intake.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const ADMIN = { email: 'admin@metrics.example.fi', password: 'scraped every fifteen seconds' };
const QUOTE_ROUTE = 'method="POST",route="/api/quote",status="201"';

/** The value of one series in Prometheus text, or undefined when the scrape lacks it. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value);
}

describe('the Prometheus endpoint on METRICS_PORT', () => {
  let db: TestDatabase;
  let app: AppProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const metricsPort = await freeLoopbackPort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    app = await startAppProcess({
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-metrics-')),
      APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      NODE_ENV: 'test',
      PATTERN_WARMUP: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_PORT: String(metricsPort),
    });
  });
  afterAll(async () => {
    await app?.stop();
    await db.drop();
  });

  const scrape = async () => {
    const answer = await request(metricsUrl).get('/metrics').expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text;
  };

  it('should not serve metrics on the public port', async () => {
    const answer = await request(app.baseUrl).get('/metrics');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('# TYPE');
    const api = await request(app.baseUrl).get('/api/metrics');
    expect(api.status).toBe(404);
  });

  it('should answer only /metrics on its own port', async () => {
    await request(metricsUrl).get('/').expect(404);
    await request(metricsUrl).post('/metrics').expect(404);
  });

  it('should expose every series an operator watches', async () => {
    const text = await scrape();
    for (const series of [
      'db_pool_waiting_requests',
      'db_pool_connections{state="idle"}',
      'db_pool_connections{state="busy"}',
      'projection_lag_events{projection="lead_stats"}',
      'mail_outbox_depth',
      'mail_outbox_oldest_age_seconds',
      'visualizer_render_queue{state="waiting"}',
      'visualizer_render_queue{state="running"}',
      'visualizer_encoder_queue',
      'backup_newest_age_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect({ series, value: sample(text, series) }).toEqual({
        series,
        value: expect.any(Number),
      });
    }
    // Before any backup its age is infinite, so an alert on it fires.
    expect(sample(text, 'backup_newest_age_seconds')).toBe(Number.POSITIVE_INFINITY);
  });

  it('should count requests by route template and status, and the mail they queue', async () => {
    const before = await scrape();
    const countBefore = sample(before, `http_request_duration_seconds_count{${QUOTE_ROUTE}}`) ?? 0;
    for (let n = 0; n < 3; n++) {
      const quote = validQuote();
      quote.customer.email = `mittari.${n}@example.fi`;
      await request(app.baseUrl).post('/api/quote').send(quote).expect(201);
    }
    await request(app.baseUrl)
      .get(`/api/visualizations/${'B'.repeat(22)}.jpg`)
      .expect(404);

    let text = await scrape();
    expect(sample(text, `http_request_duration_seconds_count{${QUOTE_ROUTE}}`)).toBe(
      countBefore + 3,
    );
    // The template, never the path: one series for every render id.
    expect(text).toContain('route="/api/visualizations/:file"');
    expect(text).not.toContain('BBBBBBBB');
    // Intake e-mails wait for a pause in requests; without SMTP they stay in the outbox.
    for (let tries = 0; tries < 150 && !(sample(text, 'mail_outbox_depth')! > 0); tries++) {
      await new Promise((done) => setTimeout(done, 200));
      text = await scrape();
    }
    expect(sample(text, 'mail_outbox_depth')).toBeGreaterThan(0);
    expect(sample(text, 'mail_outbox_oldest_age_seconds')).toBeGreaterThan(0);
  });

  it('should tell the age of the newest backup once one is written', async () => {
    const login = await request(app.baseUrl).post('/api/auth/login').send(ADMIN).expect(200);
    await request(app.baseUrl)
      .post('/api/admin/backup/run')
      .set('Authorization', `Bearer ${login.body.token as string}`)
      .expect(201);
    const age = sample(await scrape(), 'backup_newest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });
});
