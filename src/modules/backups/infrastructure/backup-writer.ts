import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupProgressInfo } from '#src/contract/backups.js';
import type { FileFolder } from '#src/platform/storage/file-store.js';
import type { BackupCounts } from '../domain/backup.events.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_TABLES,
  type BackupHeader,
  backupFileName,
  CHECKSUM_SUFFIX,
  checksumLine,
  MANIFEST_SECTION,
  SECTION_END,
  SECTION_PREFIX,
  TRAILER_PREFIX,
} from './backup-format.js';
import { changeToken } from './change-token.js';
import { manifestOf } from './file-manifest.js';

export interface BackupTarget {
  folder: FileFolder;
  installation: string;
  fileRoots: readonly FileFolder[];
  created?: Date;
  onProgress?: (progress: BackupProgressInfo) => void;
}

export interface WrittenBackup {
  fileName: string;
  created: Date;
  sizeBytes: number;
  sha256: string;
  counts: BackupCounts;
  changeToken: string;
}

/** Level 1: the log compresses about as well at level 6, at a fraction of the CPU. */
const GZIP_LEVEL = 1;
const PHASE_OF_TABLE: Record<string, BackupProgressInfo['phase']> = {
  streams: 'events',
  events: 'events',
  data_subject_keys: 'keys',
  staff_credentials: 'credentials',
  staff_second_factors: 'credentials',
  staff_recovery_codes: 'credentials',
  staff_security_policy: 'credentials',
  visualizations: 'files',
};

/**
 * Writes one backup from one database snapshot (a REPEATABLE READ transaction), streamed
 * table by table through gzip into the file store, where it appears only once complete; its
 * checksum file follows, and a backup is listed only with it. A crash leaves no listed file.
 */
export async function writeBackup(pool: pg.Pool, target: BackupTarget): Promise<WrittenBackup> {
  const created = target.created ?? new Date();
  const fileName = backupFileName(created);
  const body = new PassThrough({ highWaterMark: 1 << 20 });
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // A backup of a large log runs longer than an ordinary statement may.
    await client.query('set local statement_timeout = 0');
    const compressed = createHash('sha256');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        compressed.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const written = Promise.all([
      pipeline(body, createGzip({ level: GZIP_LEVEL }), counted),
      target.folder.put(fileName, counted, { contentType: 'application/gzip' }),
    ]);
    written.catch(() => {
      body.destroy(); // awaited below; a write error also ends the copying
    });
    const content = createHash('sha256');
    const put = async (chunk: Buffer | string) => {
      content.update(chunk);
      if (!body.write(chunk)) await Promise.race([once(body, 'drain'), written]);
    };

    const token = await changeToken(client);
    const totals = await rowTotals(client);
    const total = Object.values(totals).reduce((a, b) => a + b, 0);
    let done = 0;
    const report = (phase: BackupProgressInfo['phase']) =>
      target.onProgress?.({ phase, done, total });

    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      installation: target.installation,
      created: created.toISOString(),
    };
    await put(JSON.stringify(header) + '\n');
    const rows: Record<string, number> = {};
    for (const table of BACKUP_TABLES) {
      await put(`${SECTION_PREFIX}${table.name} ${totals[table.name]}\n`);
      const copy = client.query(
        copyTo(
          `copy (select ${table.columns.join(', ')} from ${table.name} order by ${table.order}) to stdout`,
        ),
      );
      let lines = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        const n = countLines(chunk);
        lines += n;
        await put(chunk);
        done = Math.min(total, done + n);
        report(PHASE_OF_TABLE[table.name]);
      }
      rows[table.name] = lines;
      await put(SECTION_END + '\n');
    }
    await client.query('commit');

    let files = 0;
    await put(`${SECTION_PREFIX}${MANIFEST_SECTION}\n`);
    for await (const entry of manifestOf(target.fileRoots)) {
      await put(JSON.stringify(entry) + '\n');
      files += 1;
    }
    rows[MANIFEST_SECTION] = files;
    await put(SECTION_END + '\n');
    report('finishing');
    await put(
      `${TRAILER_PREFIX}${JSON.stringify({ sha256: content.copy().digest('hex'), rows })}\n`,
    );
    body.end();
    await written;

    const sha256 = compressed.digest('hex');
    await target.folder.put(
      fileName + CHECKSUM_SUFFIX,
      Buffer.from(checksumLine(sha256, fileName)),
    );
    return {
      fileName,
      created,
      sizeBytes: size,
      sha256,
      changeToken: token,
      counts: {
        events: rows.events,
        keys: rows.data_subject_keys,
        credentials: rows.staff_credentials,
        files,
      },
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // Fails the upload too: nothing is stored under the backup's name.
    body.destroy(error as Error);
    throw error;
  } finally {
    client.release();
  }
}

async function rowTotals(client: pg.PoolClient): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string; n: string }>(
    BACKUP_TABLES.map((t) => `select '${t.name}' as name, count(*) as n from ${t.name}`).join(
      ' union all ',
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}

function countLines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}
