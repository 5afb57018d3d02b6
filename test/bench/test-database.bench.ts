/**
 * What a test file's database costs: created and migrated on its own, against copied from a
 * template migrated once (test/support/test-database.ts, docs/decisions/0135-faster-test-run.md).
 * The two are made in turn on one embedded PostgreSQL, so a shared machine's drift hits both.
 *
 *   npm run bench -- test-database
 *   npm run build:server && node test/bench/test-database.bench.ts [rounds]
 *
 * Prints the medians and their ratio; exits 1 when a copy is not faster than migrating.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startBenchDatabase } from './bench-support.ts';

const ROUNDS = Number(process.argv[2] ?? 8);
const { runMigrations } = await import('#src/platform/database/migrate.js');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const template = await startBenchDatabase();
const adminUrl = new URL(template.url);
const templateName = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
const admin = new pg.Client({ connectionString: adminUrl.href });
await admin.connect();

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const migratedMs: number[] = [];
const copiedMs: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const migrated = `m_${randomBytes(4).toString('hex')}`;
    const copied = `c_${randomBytes(4).toString('hex')}`;
    migratedMs.push(
      await timed(async () => {
        await admin.query(`create database ${migrated}`);
        await runMigrations(urlOf(migrated));
      }),
    );
    copiedMs.push(
      await timed(() => admin.query(`create database ${copied} template ${templateName}`)),
    );
    await admin.query(`drop database ${migrated} with (force)`);
    await admin.query(`drop database ${copied} with (force)`);
  }
} finally {
  await admin.end();
  await template.stop();
}
const [m, c] = [median(migratedMs), median(copiedMs)];
console.log(
  `test database, ${ROUNDS} rounds in turn: created and migrated median ${m.toFixed(0)} ms`,
);
console.log(`test database: copied from the template median ${c.toFixed(0)} ms`);
console.log(`test database: copy / migrate ${(c / m).toFixed(2)} (${(m - c).toFixed(0)} ms saved)`);
process.exit(c < m ? 0 : 1);
