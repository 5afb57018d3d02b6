import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupProgressInfo } from '#src/contract/backups.js';
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
import { manifestOf, type StoredFilesRoot } from './file-manifest.js';

export interface BackupTarget {
  directory: string;
  installation: string;
  fileRoots: readonly StoredFilesRoot[];
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
  visualizations: 'files',
};

/**
 * Writes one backup from one database snapshot (a REPEATABLE READ transaction), streamed
 * table by table through gzip into a temporary file, which is synced and renamed into place
 * only once complete and after its checksum file; a crash leaves only a `.tmp` file.
 */
export async function writeBackup(pool: pg.Pool, target: BackupTarget): Promise<WrittenBackup> {
  const created = target.created ?? new Date();
  const fileName = backupFileName(created);
  const finalPath = join(target.directory, fileName);
  const temporary = join(target.directory, `.${fileName}.${randomBytes(6).toString('hex')}.tmp`);
  await mkdir(target.directory, { recursive: true, mode: 0o700 });
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // A backup of a large log runs longer than an ordinary statement may.
    await client.query('set local statement_timeout = 0');
    const body = new PassThrough({ highWaterMark: 1 << 20 });
    const compressed = createHash('sha256');
    const written = pipeline(
      body,
      createGzip({ level: GZIP_LEVEL }),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          compressed.update(chunk);
          done(null, chunk);
        },
      }),
      // Synced to disk before it closes: the rename must never publish unwritten bytes.
      createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true }),
    );
    written.catch(() => undefined); // awaited below; a write error also ends the copying
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
    const { size } = await stat(temporary);
    await writeSynced(
      join(target.directory, fileName + CHECKSUM_SUFFIX),
      checksumLine(sha256, fileName),
    );
    await rename(temporary, finalPath);
    await syncDirectory(target.directory);
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
    await rm(temporary, { force: true });
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

async function writeSynced(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/** Makes the renames themselves durable. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
