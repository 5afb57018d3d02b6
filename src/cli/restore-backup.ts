import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, resolve } from 'node:path';
import pg from 'pg';
import { createApp } from '#src/bootstrap.js';
import { BACKUP_FILE_NAME } from '#src/contract/backups.js';
import { fileStoreOf } from '#src/platform/storage/file-stores.js';
import { readConfigOrExit } from '#src/config/read-config.js';
import {
  UnusableBackupError,
  backupSettings,
  erasedElsewhere,
  fetchBackup,
  restoreBackup,
} from '#src/modules/backups/index.js';
import { resolveDatabase } from '#src/platform/database/database-bootstrap.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { loadAppSecrets } from '#src/platform/secrets/app-secrets.js';
import { erasureLedgerPath } from '#src/platform/storage/backup-paths.js';
import { progressPrinter } from './progress-printer.js';
import { exitWith } from './exit-with.js';

const USAGE = `Restores a backup file into an empty database, then rebuilds every projection.
Erasures made after the backup (the erasure ledger) are made again.

Usage: npm run backup:restore -- <file> [--force]
  <file>    a backup file's path, or the name of one in the file store (the Backups tab's list)
  --force   replace the events, keys and credentials of a database in use`;

const EXIT_REFUSED = 1;
const EXIT_USAGE = 2;

function parseArguments(args: string[]): { file: string; force: boolean } | null {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('-')) return null;
  return { file: rest[0], force };
}

async function main(): Promise<number> {
  const request = parseArguments(process.argv.slice(2));
  if (!request) {
    console.error(USAGE);
    return EXIT_USAGE;
  }
  // Texture warm-up would share the process (and its memory) with the backup for nothing.
  const config = readConfigOrExit({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PATTERN_WARMUP: 'off',
  });
  const database = await resolveDatabase(config, (message) => console.error(message));
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const settings = backupSettings(config, fileStoreOf(config));
  let fetched: { path: string; remove(): Promise<void> } | undefined;
  try {
    let path = resolve(request.file);
    if (!existsSync(path) && BACKUP_FILE_NAME.test(request.file)) {
      fetched = await fetchBackup(settings.folder, request.file);
      path = fetched.path;
    }
    await runMigrations(database.url);
    const installation = loadAppSecrets(config).installationId;
    const alsoErased = await erasedElsewhere({
      folder: settings.folder,
      installation,
      restoring: basename(path),
      legacyLedgerPath: erasureLedgerPath(config),
      log: (line) => console.log(line),
    });
    const started = Date.now();
    const report = await restoreBackup({
      pool,
      path,
      installation,
      force: request.force,
      alsoErased,
      fileRoots: settings.fileRoots,
      log: (line) => console.log(line),
      operator: userInfo().username,
      onBuildProgress: progressPrinter(),
      async startApp(onBuildProgress) {
        const app = await createApp({ config, databaseUrl: database.url, runProjections: false });
        app.get(ProjectionManager).onBuildProgress = onBuildProgress;
        return app.init();
      },
    });
    console.log(
      `restored the backup of ${report.created} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [table, rows] of Object.entries(report.rows)) {
      console.log(`  ${table}: ${rows.toLocaleString('en')} rows`);
    }
    console.log(`  projections rebuilt: ${report.projections.join(', ')}`);
    console.log(`  erasures made again: ${report.erasuresRepeated}`);
    if (report.filesMissing.length || report.filesDiffering.length) {
      console.log(
        `  stored files: ${report.filesMissing.length} missing, ${report.filesDiffering.length} different from the backup's manifest; copy them back from your file backup`,
      );
    } else {
      console.log('  stored files: all match the manifest');
    }
    return 0;
  } catch (error) {
    if (error instanceof UnusableBackupError) {
      console.error(`Restore refused: ${error.message}`);
      console.error('Nothing was written.');
      return EXIT_REFUSED;
    }
    throw error;
  } finally {
    await fetched?.remove();
    await pool.end();
    await database.stop();
  }
}

exitWith(main());
