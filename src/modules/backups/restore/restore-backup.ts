import { basename } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { EraseLeadCommand, leadIdOfSubject } from '#src/modules/leads/index.js';
import { ForgetVisitorCommand, visitorIdOfSubject } from '#src/modules/visualizer/index.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { erasedSubjects } from '#src/platform/event-store/erasure-ledger.js';
import {
  ProjectionManager,
  type RebuildProgress,
} from '#src/platform/projections/projection-manager.js';
import type { ManifestEntry } from '../infrastructure/backup-format.js';
import { BackupStreamRepository } from '../infrastructure/backup-stream.repository.js';
import {
  readSections,
  UnusableBackupError,
  verifyBackup,
} from '../infrastructure/backup-reader.js';
import type { FileFolder } from '#src/platform/storage/file-store.js';
import { collectManifest } from '../infrastructure/file-manifest.js';
import { isDatabaseEmpty, loadBackup } from './load-backup.js';

export interface RestoreOptions {
  pool: pg.Pool;
  path: string;
  installation: string;
  /** Replace what the database holds instead of refusing a database in use. */
  force: boolean;
  /**
   * Subjects erased elsewhere than in the backup and the database it replaces: the ledger of the
   * newest stored backup, the ledger file of an earlier version.
   */
  alsoErased?: ReadonlySet<string>;
  fileRoots: readonly FileFolder[];
  /**
   * Starts the app on the restored database; its start-up builds every projection from the
   * restored log, telling `onBuildProgress`.
   */
  startApp(onBuildProgress: (progress: RebuildProgress) => void): Promise<INestApplicationContext>;
  log(line: string): void;
  onBuildProgress?(progress: RebuildProgress): void;
  /** Who runs the restore, for the log: the operating-system account of the command line. */
  operator: string;
}

export interface RestoreReport {
  created: string;
  rows: Record<string, number>;
  erasuresRepeated: number;
  projections: string[];
  /** Stored files listed in the backup that are missing here, or differ. */
  filesMissing: string[];
  filesDiffering: string[];
}

/**
 * Restores a backup: verifies the whole file first (nothing is written for a bad one), loads it
 * in one transaction, shreds the keys of every subject erased since (the erasure ledger), rebuilds
 * every projection from the restored log, records those erasures as events again, forgets the
 * photos of erased leads' visitors, and records the restore itself.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { pool, path, log } = options;
  log(`verifying ${path}`);
  const verified = await verifyBackup(path, options.installation);
  if (!options.force && !(await isDatabaseEmpty(pool)))
    throw new UnusableBackupError(
      'The database is not empty. Restore into an empty database, or pass --force to replace its events, keys and credentials.',
    );
  // The ledger of the database being replaced survives the load: its erasures come back.
  const erasedHere = await erasedSubjects(pool);
  log(`loading the backup of ${verified.header.created}`);
  const rows = await loadBackup(pool, path, {
    replace: options.force,
    erased: [...erasedHere, ...(options.alsoErased ?? [])],
  });
  const erased = await shredErasedSubjects(pool);

  const app = await options.startApp(options.onBuildProgress ?? (() => undefined));
  try {
    const manager = app.get(ProjectionManager);
    const projections = manager.projections.map((p) => p.name);
    const commandBus = app.get(CommandBus);
    for (const subject of erased) {
      const leadId = leadIdOfSubject(subject);
      if (!leadId) continue;
      await commandBus
        .execute(new EraseLeadCommand(leadId, undefined, 'restored_erasure'))
        .catch((error: unknown) => {
          // A key without a lead stream has nothing more to erase.
          if (!(error instanceof Refusal && error.code === 'not_found')) throw error;
        });
    }
    // The photos of erased leads' visitors, restored as rows (and as files, from a file backup).
    for (const subject of await erasedSubjects(pool)) {
      const visitorId = visitorIdOfSubject(subject);
      if (visitorId) await commandBus.execute(new ForgetVisitorCommand(visitorId));
    }
    await app.get(BackupStreamRepository).execute({
      type: 'RecordRestore',
      fileName: basename(path),
      created: verified.header.created,
      events: rows.events ?? 0,
      replaced: options.force,
      erasuresRepeated: erased.length,
      operator: options.operator,
    });
    await manager.catchUp();
    const { missing, differing } = compareManifest(
      verified.manifest,
      await collectManifest(options.fileRoots),
    );
    return {
      created: verified.header.created,
      rows,
      erasuresRepeated: erased.length,
      projections,
      filesMissing: missing,
      filesDiffering: differing,
    };
  } finally {
    await app.close();
  }
}

/** Deletes the restored keys of subjects the ledger lists; returns those subjects. */
async function shredErasedSubjects(pool: pg.Pool): Promise<string[]> {
  const subjects = [...(await erasedSubjects(pool))];
  if (subjects.length === 0) return [];
  const { rows } = await pool.query<{ subject_id: string }>(
    'delete from data_subject_keys where subject_id = any($1) returning subject_id',
    [subjects],
  );
  return rows.map((row) => row.subject_id);
}

function compareManifest(expected: ManifestEntry[], actual: ManifestEntry[]) {
  const key = (entry: ManifestEntry) => `${entry.root}/${entry.path}`;
  const present = new Map(actual.map((entry) => [key(entry), entry.sha256]));
  const missing: string[] = [];
  const differing: string[] = [];
  for (const entry of expected) {
    const sha = present.get(key(entry));
    if (sha === undefined) missing.push(key(entry));
    else if (sha !== entry.sha256) differing.push(key(entry));
  }
  return { missing, differing };
}

/** The subjects a backup file's erasure ledger lists (none in a file of format version 1). */
export async function ledgerOfBackup(path: string): Promise<Set<string>> {
  const subjects = new Set<string>();
  await readSections(path, {
    async table(name, lines) {
      if (name !== 'erasure_ledger') return;
      // COPY text: the subject id up to the first tab; ids hold no characters COPY escapes.
      for await (const line of lines) subjects.add(line.slice(0, line.indexOf('\t')));
    },
  });
  return subjects;
}
