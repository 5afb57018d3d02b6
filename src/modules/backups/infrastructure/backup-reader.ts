import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type BackupTrailer,
  CHECKSUM_SUFFIX,
  checksumOf,
  MANIFEST_SECTION,
  type ManifestEntry,
  SECTION_END,
  SECTION_PREFIX,
  TRAILER_PREFIX,
  isReadableVersion,
  tablesOfVersion,
} from './backup-format.js';

/** Why a backup file cannot be restored; the message says so in words an operator acts on. */
export class UnusableBackupError extends Error {}

export interface VerifiedBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
  manifest: ManifestEntry[];
}

/** A section of the file: a table's COPY rows, or the manifest's JSON lines. */
export interface SectionReader {
  table(name: string, lines: AsyncIterable<string>): Promise<void>;
}

/**
 * Checks a backup completely before anything is written: the checksum file, the compressed
 * bytes against it, the header (format, and that this installation wrote it: another's keys
 * cannot be unwrapped here), every section, and the trailer's content hash and row counts.
 */
export async function verifyBackup(path: string, installation: string): Promise<VerifiedBackup> {
  const expected = await readChecksum(path);
  const actual = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) actual.update(chunk);
  if (actual.digest('hex') !== expected)
    throw new UnusableBackupError(
      `${basename(path)} is corrupted or truncated: its SHA-256 does not match ${basename(path)}${CHECKSUM_SUFFIX}`,
    );
  const manifest: ManifestEntry[] = [];
  const result = await readSections(path, {
    async table(name, lines) {
      for await (const line of lines) {
        if (name === MANIFEST_SECTION) manifest.push(JSON.parse(line) as ManifestEntry);
      }
    },
  });
  if (result.header.installation !== installation)
    throw new UnusableBackupError(
      `${basename(path)} was made by another installation (${result.header.installation}); ` +
        `this one is ${installation}. Restore it where its APP_SECRET is configured.`,
    );
  return { ...result, manifest };
}

/**
 * Reads the file once from start to end, handing each section's lines to `reader`, and
 * checks the framing, the trailer's content hash and its row counts as it goes.
 */
export async function readSections(
  path: string,
  reader: SectionReader,
): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  const content = createHash('sha256');
  const lines = linesOf(path, content)[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw truncated(path);
    return value;
  };
  const header = parseHeader(path, await next());
  const counted: Record<string, number> = {};
  const sections = [...tablesOfVersion(header.version).map((t) => t.name), MANIFEST_SECTION];
  for (const name of sections) {
    const opening = await next();
    if (!opening.startsWith(`${SECTION_PREFIX}${name}`))
      throw malformed(path, `no ${name} section`);
    let count = 0;
    let ended = false;
    const sectionLines = (async function* () {
      for (;;) {
        const line = await next();
        if (line === SECTION_END) {
          ended = true;
          return;
        }
        count += 1;
        yield line;
      }
    })();
    await reader.table(name, sectionLines);
    // The reader may stop early; the section is read to its end either way.
    while (!ended) {
      if ((await next()) === SECTION_END) ended = true;
      else count += 1;
    }
    counted[name] = count;
  }
  const contentHash = content.copy().digest('hex');
  const last = await next();
  if (!last.startsWith(TRAILER_PREFIX)) throw malformed(path, 'no trailer');
  const trailer = JSON.parse(last.slice(TRAILER_PREFIX.length)) as BackupTrailer;
  if (trailer.sha256 !== contentHash) throw malformed(path, 'its content hash does not match');
  for (const name of sections) {
    if (trailer.rows[name] !== counted[name])
      throw malformed(
        path,
        `${name} has ${counted[name]} rows, the trailer says ${trailer.rows[name]}`,
      );
  }
  return { header, trailer };
}

async function readChecksum(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path + CHECKSUM_SUFFIX, 'utf8');
  } catch {
    throw new UnusableBackupError(
      `${basename(path)} has no checksum file ${basename(path)}${CHECKSUM_SUFFIX}: it may be incomplete`,
    );
  }
  const sha256 = checksumOf(text, basename(path));
  if (!sha256)
    throw new UnusableBackupError(
      `${basename(path)}${CHECKSUM_SUFFIX} is not a checksum of ${basename(path)}`,
    );
  return sha256;
}

function parseHeader(path: string, line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw malformed(path, 'it does not start with a backup header');
  }
  if (header.format !== BACKUP_FORMAT) throw malformed(path, 'it is not a backup of this app');
  if (!isReadableVersion(header.version))
    throw malformed(path, `its format version ${header.version} is not ${BACKUP_FORMAT_VERSION}`);
  return header as BackupHeader;
}

/** Lines of the decompressed file, each also fed to `hash` with its newline. */
async function* linesOf(path: string, hash: ReturnType<typeof createHash>): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  const gunzip = createReadStream(path).pipe(createGunzip());
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let end = buffer.indexOf(10); end !== -1; end = buffer.indexOf(10, start)) {
        hash.update(buffer.subarray(start, end + 1));
        yield buffer.toString('utf8', start, end);
        start = end + 1;
      }
      rest = buffer.subarray(start);
    }
  } catch (error) {
    throw new UnusableBackupError(
      `${basename(path)} cannot be decompressed: ${(error as Error).message}`,
    );
  }
  if (rest.length) throw truncated(path);
}

function truncated(path: string) {
  return new UnusableBackupError(`${basename(path)} is truncated: it ends before its trailer`);
}

function malformed(path: string, why: string) {
  return new UnusableBackupError(`${basename(path)} is not a usable backup: ${why}`);
}
