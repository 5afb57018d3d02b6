import { spawn } from 'node:child_process';
import { ConfirmSecondFactorCommand } from '#src/modules/team/commands/confirm-second-factor/confirm-second-factor.command.js';
import { SetSecondFactorRequirementCommand } from '#src/modules/team/commands/set-second-factor-requirement/set-second-factor-requirement.command.js';
import { StartSecondFactorSetupCommand } from '#src/modules/team/commands/start-second-factor-setup/start-second-factor-setup.command.js';
import { totpCode } from '../support/second-factor.js';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { loadConfig } from '#src/config/app-config.js';
import { createApp } from '#src/bootstrap.js';
import { CreateBackupCommand } from '#src/modules/backups/commands/create-backup/create-backup.command.js';
import { PruneBackupsCommand } from '#src/modules/backups/commands/prune-backups/prune-backups.command.js';
import { BACKUP_STREAM_ID } from '#src/modules/backups/domain/backup.events.js';
import { listBackups } from '#src/modules/backups/infrastructure/backup-files.js';
import {
  UnusableBackupError,
  verifyBackup,
} from '#src/modules/backups/infrastructure/backup-reader.js';
import { backupSettings } from '#src/modules/backups/infrastructure/backup-settings.js';
import { erasedElsewhere } from '#src/modules/backups/restore/erased-elsewhere.js';
import { restoreBackup } from '#src/modules/backups/restore/restore-backup.js';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { AddPipelineColumnCommand } from '#src/modules/leads/commands/add-pipeline-column/add-pipeline-column.command.js';
import { EditPipelineColumnCommand } from '#src/modules/leads/commands/edit-pipeline-column/edit-pipeline-column.command.js';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import { RemovePipelineColumnCommand } from '#src/modules/leads/commands/remove-pipeline-column/remove-pipeline-column.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { UpdateLeadCommand } from '#src/modules/leads/commands/update-lead/update-lead.command.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { loadAppSecrets } from '#src/platform/secrets/app-secrets.js';
import { backupDirectory, erasureLedgerPath } from '#src/platform/storage/backup-paths.js';
import { fileStoreOf, folderOf, FOLDERS } from '#src/platform/storage/file-stores.js';
import { cliPath, runCli } from '../support/cli-process.js';
import { createTestLead } from '../support/leads.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';
const FOREIGN_SECRET = 'another-installations-secret-of-32-characters';

describe('Backups', () => {
  let source: TestApp;
  let bus: CommandBus;
  let readModels: string[];
  let erasedBeforeBackup: string;

  const configFor = (secret = APP_SECRET) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: source.dataDir,
      APP_SECRET: secret,
    });
  const backupDir = () => backupDirectory(configFor());
  const backupFolder = () => folderOf(fileStoreOf(configFor()), FOLDERS.backups);

  /** Restores `file` into `db` in this process, as `npm run backup:restore` does. */
  async function restoreInto(
    db: TestDatabase,
    file: string,
    { secret = APP_SECRET, force = false } = {},
  ) {
    const config = configFor(secret);
    const installation = loadAppSecrets(config).installationId;
    const settings = backupSettings(config, fileStoreOf(config));
    return restoreBackup({
      pool: db.pool,
      path: file,
      installation,
      force,
      alsoErased: await erasedElsewhere({
        folder: settings.folder,
        installation,
        restoring: basename(file),
        legacyLedgerPath: erasureLedgerPath(config),
        log: () => undefined,
      }),
      fileRoots: settings.fileRoots,
      log: () => undefined,
      operator: 'restore-drill',
      async startApp(onBuildProgress) {
        const app = await createApp({ config, databaseUrl: db.url, runProjections: false });
        app.get(ProjectionManager).onBuildProgress = onBuildProgress;
        return app.init();
      },
    });
  }

  /**
   * Every read model's rows, in a stable order. With `upToPosition`, rows that record one event
   * each (the audit log) are cut at that event: the backup's own `BackupCreated` comes after it.
   */
  async function snapshotOf(
    pool: pg.Pool,
    upToPosition?: string,
  ): Promise<Record<string, unknown[]>> {
    const snapshot: Record<string, unknown[]> = {};
    for (const view of readModels) {
      const perEvent = await pool.query(
        `select 1 from information_schema.columns where table_name = $1 and column_name = 'position'`,
        [view],
      );
      const { rows } =
        upToPosition && perEvent.rowCount
          ? await pool.query(`select * from ${view} where position <= $1`, [upToPosition])
          : await pool.query(`select * from ${view}`);
      snapshot[view] = rows
        .map((row) => JSON.stringify(row))
        .sort()
        .map((row) => JSON.parse(row) as unknown);
    }
    return snapshot;
  }

  /**
   * The position of the backup's last event: the restore's own `BackupRestored`, and the
   * retention run of the app it starts to rebuild the read models, come after.
   */
  async function lastRestoredPosition(pool: pg.Pool): Promise<string> {
    const { rows } = await pool.query<{ position: string }>(
      `select max(global_position)::text as position from events
       where type not in ('BackupRestored', 'LeadRetentionApplied')`,
    );
    return rows[0].position;
  }

  async function newBackup(): Promise<string> {
    const backup = await bus.execute(new CreateBackupCommand('manual'));
    return join(backupDir(), backup!.name);
  }

  beforeAll(async () => {
    source = await startTestApp({}, { runProjections: false });
    bus = source.app.get(CommandBus);
    const manager = source.app.get(ProjectionManager);
    // Reports are built on request only; every other projection is built at start-up.
    readModels = manager.projections
      .filter((p) => !p.rebuildOnRequest)
      .flatMap((p) => [...p.tables]);

    // A varied history: leads moved, edited, trashed and erased; team and column changes.
    const leads = await Promise.all(
      ['Aino', 'Eero', 'Helmi', 'Onni', 'Siiri'].map((name, i) =>
        createTestLead(source, {
          firstName: name,
          lastName: 'Virtanen',
          totalPrice: 1000 + i * 100,
        }),
      ),
    );
    await bus.execute(new UpdateLeadCommand({ leadId: leads[0], status: 'contacted' }));
    await bus.execute(
      new UpdateLeadCommand({
        leadId: leads[1],
        contact: { phone: '+358 50 999 8888' },
        notes: 'Soita iltapäivällä',
      }),
    );
    await bus.execute(new TrashLeadCommand(leads[2]));
    await bus.execute(new TrashLeadCommand(leads[3]));
    await bus.execute(new EraseLeadCommand(leads[3]));
    erasedBeforeBackup = leads[3];
    const { memberId } = await bus.execute(
      new AddMemberCommand(
        { firstName: 'Maija', lastName: 'Myyjä', email: 'maija@example.fi' },
        'salesperson',
        'correct horse battery staple',
      ),
    );
    await bus.execute(new ChangeMemberCommand(memberId, { role: 'manager' }));
    // A second factor, its recovery codes and the team's policy, kept out of the log.
    const { secret } = await bus.execute(new StartSecondFactorSetupCommand(memberId));
    await bus.execute(new ConfirmSecondFactorCommand(memberId, totpCode(secret)));
    await bus.execute(new SetSecondFactorRequirementCommand(memberId, true));
    const column = await bus.execute(new AddPipelineColumnCommand('Measuring', 'red'));
    await bus.execute(new EditPipelineColumnCommand(column.id, { name: 'Measured' }));
    await bus.execute(new UpdateLeadCommand({ leadId: leads[4], status: column.id }));
    await bus.execute(new RemovePipelineColumnCommand(column.id, 'qualified'));
    await manager.catchUp();
    // A stored file, so the manifest has something to list.
    await mkdir(join(source.dataDir, 'visualizations'), { recursive: true });
    await writeFile(join(source.dataDir, 'visualizations', 'render.jpg'), 'not really a jpeg');
  });
  afterAll(async () => {
    await source.close();
  });

  describe('restore drill', () => {
    it('should restore every read model and the file manifest into a fresh database', async () => {
      const file = await newBackup();
      const fresh = await createTestDatabase();
      try {
        const report = await restoreInto(fresh, file);

        const restoredUpTo = await lastRestoredPosition(fresh.pool);
        expect(await snapshotOf(fresh.pool, restoredUpTo)).toEqual(
          await snapshotOf(source.db.pool, restoredUpTo),
        );
        expect(report.filesMissing).toEqual([]);
        expect(report.filesDiffering).toEqual([]);
        expect(report.rows.events).toBeGreaterThan(10);
        for (const table of [
          'staff_credentials',
          'staff_second_factors',
          'staff_recovery_codes',
          'staff_security_policy',
        ]) {
          const restored = await fresh.pool.query(`select * from ${table} order by 1`);
          const original = await source.db.pool.query(`select * from ${table} order by 1`);
          expect(restored.rows).toEqual(original.rows);
          expect(restored.rowCount).toBeGreaterThan(0);
        }
      } finally {
        await fresh.drop();
      }
    });

    it('should record the restore in the log and tell it in the audit log', async () => {
      const file = await newBackup();
      const fresh = await createTestDatabase();
      try {
        const report = await restoreInto(fresh, file);
        const { rows: events } = await fresh.pool.query<{ data: object; actor: string }>(
          `select data, metadata->>'actorName' as actor from events where type = 'BackupRestored'`,
        );
        expect(events).toEqual([
          {
            actor: 'system',
            data: {
              fileName: basename(file),
              created: report.created,
              events: report.rows.events,
              replaced: false,
              erasuresRepeated: 0,
              operator: 'restore-drill',
            },
          },
        ]);
        const { rows: audit } = await fresh.pool.query<{ sentence: string }>(
          `select sentence from audit_log where event_type = 'BackupRestored'`,
        );
        expect(audit).toEqual([
          {
            sentence: `restore-drill restored the backup ${basename(file)} taken ${report.created} (${report.rows.events} events)`,
          },
        ]);
      } finally {
        await fresh.drop();
      }
    });

    it('should take appends after the restore in order after the restored events', async () => {
      const file = await newBackup();
      const fresh = await createTestDatabase();
      try {
        await restoreInto(fresh, file);
        const config = configFor();
        const app = await createApp({ config, databaseUrl: fresh.url, runProjections: false });
        await app.init();
        try {
          await app.get(CommandBus).execute(new AddPipelineColumnCommand('After restore', 'blue'));
          const { rows } = await fresh.pool.query<{ type: string; data: { name?: string } }>(
            `select type, data from events order by transaction_id desc, global_position desc limit 1`,
          );
          expect(rows[0]).toMatchObject({
            type: 'PipelineColumnAdded',
            data: { name: 'After restore' },
          });
        } finally {
          await app.close();
        }
      } finally {
        await fresh.drop();
      }
    });

    it('should print counts when run as npm run backup:restore', async () => {
      const file = await newBackup();
      const fresh = await createTestDatabase();
      try {
        const result = await runCli('restore-backup.js', [file], {
          DATABASE_URL: fresh.url,
          DATA_DIR: source.dataDir,
          APP_SECRET,
        });

        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(/events: \d+ rows/);
        expect(result.stdout).toContain('stored files: all match the manifest');
        expect(result.stdout).toMatch(/lead_list: \[#+\]/);
      } finally {
        await fresh.drop();
      }
    });
  });

  describe('refusals', () => {
    let fresh: TestDatabase;
    beforeEach(async () => {
      fresh = await createTestDatabase();
    });
    afterEach(async () => {
      await fresh.drop();
    });

    const nothingWritten = async () => {
      const { rows } = await fresh.pool.query<{ n: string }>(
        `select (select count(*) from events) + (select count(*) from data_subject_keys)
              + (select count(*) from staff_credentials) + (select count(*) from streams) as n`,
      );
      expect(Number(rows[0].n)).toBe(0);
    };

    it('should refuse a file with a byte flipped, writing nothing', async () => {
      const file = await newBackup();
      const bytes = await readFile(file);
      bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      await writeFile(file, bytes);

      await expect(restoreInto(fresh, file)).rejects.toThrow(
        /is corrupted or truncated: its SHA-256 does not match/,
      );
      await nothingWritten();
    });

    it('should refuse a truncated file, writing nothing', async () => {
      const file = await newBackup();
      const { size } = await stat(file);
      await truncate(file, Math.floor(size * 0.7));

      await expect(restoreInto(fresh, file)).rejects.toThrow(/corrupted or truncated/);
      await nothingWritten();
    });

    it('should refuse a file whose checksum was rewritten to match a truncation', async () => {
      const file = await newBackup();
      const { size } = await stat(file);
      await truncate(file, Math.floor(size * 0.7));
      const sha = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      await writeFile(`${file}.sha256`, `${sha}  ${file.split('/').pop()}\n`);

      await expect(restoreInto(fresh, file)).rejects.toThrow(UnusableBackupError);
      await nothingWritten();
    });

    it("should refuse another installation's file, naming both installations", async () => {
      const file = await newBackup();

      await expect(restoreInto(fresh, file, { secret: FOREIGN_SECRET })).rejects.toThrow(
        /was made by another installation \(\w+\); this one is \w+/,
      );
      await nothingWritten();
    });

    it('should refuse a database in use unless forced', async () => {
      const file = await newBackup();

      await expect(restoreInto(source.db, file)).rejects.toThrow(/The database is not empty/);

      const target = await createTestDatabase();
      try {
        await restoreInto(target, file);
        const restoredUpTo = await lastRestoredPosition(target.pool);
        const before = await snapshotOf(target.pool, restoredUpTo);
        await expect(restoreInto(target, file)).rejects.toThrow(/not empty/);
        await restoreInto(target, file, { force: true });
        expect(await snapshotOf(target.pool, restoredUpTo)).toEqual(before);
      } finally {
        await target.drop();
      }
    });
  });

  describe('erasure after a backup', () => {
    it('should keep an erased lead erased when the older backup is restored', async () => {
      const leadId = await createTestLead(source, { firstName: 'Tuuli', lastName: 'Poistettava' });
      await source.app.get(ProjectionManager).catchUp();
      const file = await newBackup();
      await bus.execute(new EraseLeadCommand(leadId, undefined, 'retention'));
      // A newer backup carries the erasure in its ledger to a database that never saw it.
      await newBackup();

      const fresh = await createTestDatabase();
      try {
        const report = await restoreInto(fresh, file);

        expect(report.erasuresRepeated).toBeGreaterThanOrEqual(1);
        const { rows } = await fresh.pool.query(
          'select first_name, last_name, email, erased_at from lead_list where id = $1',
          [leadId],
        );
        expect(rows[0]).toMatchObject({ first_name: null, last_name: null, email: null });
        expect(rows[0].erased_at).not.toBeNull();
        const key = await fresh.pool.query(
          'select 1 from data_subject_keys where subject_id = $1',
          [`lead:${leadId}`],
        );
        expect(key.rowCount).toBe(0);
        // The lead erased before the backup stays erased too.
        const earlier = await fresh.pool.query('select email from lead_list where id = $1', [
          erasedBeforeBackup,
        ]);
        expect(earlier.rows[0].email).toBeNull();
      } finally {
        await fresh.drop();
      }
    });
  });

  describe('scheduled backups and retention', () => {
    it('should skip a scheduled backup when nothing changed, and record each backup', async () => {
      await newBackup();
      const skipped = await bus.execute(new CreateBackupCommand('schedule'));
      await createTestLead(source, { firstName: 'Uusi', lastName: 'Muutos' });
      const taken = await bus.execute(new CreateBackupCommand('schedule'));

      expect(skipped).toBeNull();
      expect(taken).not.toBeNull();
      const { rows } = await source.db.pool.query<{ data: { trigger: string } }>(
        `select data from events where stream_id = $1 and type = 'BackupCreated'
         order by global_position desc limit 1`,
        [BACKUP_STREAM_ID],
      );
      expect(rows[0].data.trigger).toBe('schedule');
    });

    it('should prune by the retention policy with a controlled clock, recording it', async () => {
      const day = 24 * 3600_000;
      const start = new Date('2027-01-01T10:00:00Z');
      for (const offset of [0, 3600_000, 2 * 3600_000]) {
        await bus.execute(new CreateBackupCommand('manual', new Date(start.getTime() + offset)));
      }
      const later = new Date(start.getTime() + 2 * day);
      const pruned = await bus.execute(new PruneBackupsCommand(later));

      const names = (await listBackups(backupFolder())).map((b) => b.name);
      expect(pruned).toEqual(
        expect.arrayContaining([
          expect.stringContaining('20270101T100000'),
          expect.stringContaining('20270101T110000'),
        ]),
      );
      expect(names).toContain('backup-20270101T120000000Z.kkbackup.gz');
      expect(names.some((name) => name.startsWith('backup-20270101T10'))).toBe(false);
      const { rows } = await source.db.pool.query<{ data: { fileNames: string[] } }>(
        `select data from events where stream_id = $1 and type = 'BackupsPruned'
         order by global_position desc limit 1`,
        [BACKUP_STREAM_ID],
      );
      expect(rows[0].data.fileNames).toEqual(pruned);
    });
  });

  describe('a backup killed half-way', () => {
    it('should leave no file that verifies, and the next backup should succeed', async () => {
      // Enough events that the backup is still writing when it is killed.
      await source.db.pool.query(`
        insert into events (stream_id, stream_version, event_id, type, data, metadata)
        select 'bulk-' || (i / 100), i % 100 + 1, gen_random_uuid(), 'BulkFiller',
               jsonb_build_object('i', i, 'pad', repeat(md5(i::text), 4)),
               '{"actorId":null,"actorName":"system","actorRole":"system","correlationId":"c","causationId":null}'
        from generate_series(0, 199999) i`);
      const before = new Set((await listBackups(backupFolder())).map((b) => b.name));
      const env = { DATABASE_URL: source.db.url, DATA_DIR: source.dataDir, APP_SECRET };

      const child = spawn(process.execPath, [cliPath('create-backup.js')], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      });
      // Killed once the temporary file holds part of the backup.
      await waitFor(async () => {
        // The folder is made when the backup starts writing.
        const names = (await readdir(backupDir()).catch(() => [])).filter((name) =>
          name.endsWith('.tmp'),
        );
        const sizes = await Promise.all(names.map((name) => stat(join(backupDir(), name))));
        return sizes.some((file) => file.size > 0);
      });
      child.kill('SIGKILL');
      await new Promise((done) => child.on('close', done));

      const after = (await listBackups(backupFolder())).map((b) => b.name);
      expect(after.filter((name) => !before.has(name))).toEqual([]);
      expect((await readdir(backupDir())).some((name) => name.endsWith('.tmp'))).toBe(true);

      // The killed process's session holds the backup lock until PostgreSQL notices it is gone.
      let next = '';
      await waitFor(async () => {
        next = await newBackup().catch(() => '');
        return next !== '';
      });
      const verified = await verifyBackup(next, loadAppSecrets(configFor()).installationId);
      expect(verified.trailer.rows.events).toBeGreaterThan(200_000);
      expect((await readdir(backupDir())).some((name) => name.endsWith('.tmp'))).toBe(false);
    }, 120_000);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((done) => setTimeout(done, 20));
  }
}
