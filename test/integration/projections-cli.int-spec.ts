import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Runs the built CLIs (npm test builds first; run `npm run build:server` before this file alone).
const CLI = resolve('dist/src/cli/rebuild-projections.js');
const REPORTS_CLI = resolve('dist/src/cli/replay-reports.js');

function runCli(args: string[], env: Record<string, string>, cli = CLI) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A database of its own for a describe block, and the environment a CLI run against it needs. */
function cliDatabase(): { db: TestDatabase; env: Record<string, string> } {
  const cli = {} as { db: TestDatabase; env: Record<string, string> };
  beforeAll(async () => {
    cli.db = await createTestDatabase();
    cli.env = {
      DATABASE_URL: cli.db.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-cli-')),
      APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      NODE_ENV: 'test',
    };
  });
  afterAll(async () => {
    await cli.db.drop();
  });
  return cli;
}

describe('projections:rebuild', () => {
  const cli = cliDatabase();
  let db: TestDatabase;
  let env: Record<string, string>;
  beforeAll(() => {
    ({ db, env } = cli);
  });

  it('should rebuild every projection with --all and switch each to a new version', async () => {
    const before = await db.pool.query<{ name: string; active_version: number }>(
      'select name, active_version from projections order by name',
    );

    const result = await runCli(['--all'], env);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const after = await db.pool.query<{ name: string; active_version: number }>(
      'select name, active_version from projections order by name',
    );
    expect(after.rows.length).toBeGreaterThan(0);
    for (const { name, active_version } of after.rows) {
      const previous = before.rows.find((row) => row.name === name)?.active_version ?? 1;
      expect(active_version).toBe(previous + 1);
      expect(result.stdout).toContain(`${name}: switched to v${active_version}`);
    }
  });

  it('should refuse an unknown projection, listing the known ones', async () => {
    const result = await runCli(['no_such_projection'], env);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown projection no_such_projection; known: \w+/);
  });

  it('should print usage without arguments', async () => {
    const result = await runCli([], env);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('npm run projections:rebuild -- --all');
  });
});

describe('reports:replay', () => {
  const cli = cliDatabase();
  let db: TestDatabase;
  let env: Record<string, string>;
  beforeAll(() => {
    ({ db, env } = cli);
  });

  it('should build reports named short or in full in one pass, then rebuild one beside the live one', async () => {
    const first = await runCli(['revenue', 'report_time_in_stage'], env, REPORTS_CLI);

    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('report_revenue: switched to v1');
    expect(first.stdout).toContain('report_time_in_stage: switched to v1');
    const again = await runCli(['revenue'], env, REPORTS_CLI);
    expect(again.stdout).toContain('report_revenue: switched to v2');
    const { rows } = await db.pool.query(
      // Only the two named are built; `report_definitions` is the definitions' own read model.
      "select name, active_version from projections where name like 'report\\_%' and name <> 'report_definitions' order by name",
    );
    expect(rows).toEqual([
      { name: 'report_revenue', active_version: 2 },
      { name: 'report_time_in_stage', active_version: 1 },
    ]);
  });

  it('should refuse a name no report has, listing the reports', async () => {
    const result = await runCli(['lead_list'], env, REPORTS_CLI);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /Unknown report report_lead_list; known: report_pipeline_funnel, /,
    );
  });
});
