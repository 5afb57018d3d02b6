import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { EMAIL_QUEUED, mailStreamId } from '#src/modules/mail/domain/mail.events.js';
import { type AppProcess, startAppProcess } from '../support/app-process.js';
import { validQuote } from '../support/public-intake.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const WRITERS = 20;
/** Answers to wait for before the kill, so it lands in the middle of the load. */
const ANSWERS_BEFORE_KILL = 150;

/** Sends quotes until the app stops answering; returns the lead ids of the answered ones. */
async function submitUntilGone(app: AppProcess): Promise<string[]> {
  const answered: string[] = [];
  for (;;) {
    try {
      const response = await fetch(`${app.baseUrl}/api/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validQuote()),
      });
      if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
      answered.push(((await response.json()) as { leadId: string }).leadId);
    } catch {
      return answered;
    }
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an app killed under a load of quotes', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    env = {
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-quote-crash-')),
      APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PATTERN_WARMUP: 'off',
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await db.drop();
  });

  it('should lose no answered quote, and queue its e-mails after a restart', async () => {
    const crashing = await startAppProcess(env);
    apps.push(crashing);
    const writers = Array.from({ length: WRITERS }, () => submitUntilGone(crashing));
    const { rows: before } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from events',
    );
    await waitFor(async () => {
      const { rows } = await db.pool.query<{ n: number }>('select count(*)::int as n from events');
      return rows[0].n - before[0].n >= ANSWERS_BEFORE_KILL;
    }, 'quotes to be stored');
    await crashing.kill();
    const answered = (await Promise.all(writers)).flat();

    expect(answered.length).toBeGreaterThan(0);
    const { rows: stored } = await db.pool.query<{ stream_id: string }>(
      `select stream_id from events where type = 'LeadCreated' and stream_id = any($1)`,
      [answered.map(leadStreamId)],
    );
    expect(stored).toHaveLength(answered.length);
    const { rows: listed } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from lead_list where id = any($1::uuid[])',
      [answered],
    );
    expect(listed[0].n).toBe(answered.length);

    apps.push(await startAppProcess(env));
    await waitFor(
      async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          `select count(distinct stream_id)::int as n from events
         where type = $1 and stream_id = any($2)`,
          [EMAIL_QUEUED, answered.map(mailStreamId)],
        );
        return rows[0].n === answered.length;
        // The restart migrates, builds and catches up before its mail worker runs: on a machine
        // busy with other suites that alone can take half a minute.
      },
      'the intake e-mails of every answered quote',
      90_000,
    );
    const { rows: mails } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from events where type = $1 and stream_id = any($2)',
      [EMAIL_QUEUED, answered.map(mailStreamId)],
    );
    expect(mails[0].n).toBe(2 * answered.length);
  }, 180_000);
});
