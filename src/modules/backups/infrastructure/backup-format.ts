/**
 * A backup file is gzip over lines: a JSON header, then one section per table in PostgreSQL's
 * COPY text format (one row a line, ended by `\.`), the file manifest as JSON lines, and a
 * trailer with the SHA-256 of every line before it. COPY text escapes newlines and backslashes,
 * so a section can only end at its `\.` line. A `<file>.sha256` beside it (sha256sum format)
 * holds the checksum of the compressed file.
 */
export const BACKUP_FORMAT = 'keittiokalvo-backup';
/**
 * 2 added the erasure ledger's section, 3 the second factors' (docs/decisions/0128-second-factor.md);
 * older files, without them, are still read.
 */
export const BACKUP_FORMAT_VERSION = 3;
const READABLE_VERSIONS = [1, 2, 3];
export const SECTION_PREFIX = '#section ';
export const SECTION_END = '\\.';
export const TRAILER_PREFIX = '#end ';
export const CHECKSUM_SUFFIX = '.sha256';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Which installation wrote it: its personal-data keys are wrapped by that installation's secret. */
  installation: string;
  created: string;
}

export interface BackupTrailer {
  sha256: string;
  rows: Record<string, number>;
}

/** One stored file (a kitchen photo, a render, a replaced pattern image) as the manifest lists it. */
export interface ManifestEntry {
  root: string;
  path: string;
  size: number;
  sha256: string;
}

/** The tables a backup holds, in restore order, with the columns it copies. */
export const BACKUP_TABLES = [
  { name: 'streams', columns: ['stream_id', 'type', 'version'], order: 'stream_id' },
  {
    name: 'events',
    columns: [
      'global_position',
      'stream_id',
      'stream_version',
      'event_id',
      'type',
      'schema_version',
      'data',
      'metadata',
      'occurred_at',
    ],
    // Restored events all share the restoring transaction's id, so readers then follow
    // positions, which keep each stream in version order.
    order: 'global_position',
  },
  {
    name: 'data_subject_keys',
    columns: ['subject_id', 'wrapped_key', 'created_at'],
    order: 'subject_id',
  },
  {
    name: 'staff_credentials',
    columns: ['member_id', 'password_hash', 'must_change_password', 'changed_at'],
    order: 'member_id',
  },
  {
    name: 'visualizations',
    columns: ['id', 'visitor_id', 'pattern_id', 'renderer', 'created_at'],
    order: 'id',
  },
  { name: 'erasure_ledger', columns: ['subject_id', 'erased_at'], order: 'subject_id' },
  {
    name: 'staff_second_factors',
    columns: ['member_id', 'sealed_secret', 'created_at', 'confirmed_at', 'last_used_step'],
    order: 'member_id',
  },
  {
    name: 'staff_recovery_codes',
    columns: ['id', 'member_id', 'code_hash', 'used_at'],
    order: 'id',
  },
  {
    name: 'staff_security_policy',
    columns: ['id', 'second_factor_required_for_admins'],
    order: 'id',
  },
] as const;

/** The sections each version added, so an older file is read without them. */
const ADDED_IN_VERSION: Readonly<Record<string, number>> = {
  erasure_ledger: 2,
  staff_second_factors: 3,
  staff_recovery_codes: 3,
  staff_security_policy: 3,
};

/** Whether this version of the app reads a file of `version`. */
export function isReadableVersion(version: unknown): boolean {
  return READABLE_VERSIONS.includes(version as number);
}

/** The table sections a file of `version` holds, in order. */
export function tablesOfVersion(version: number): readonly (typeof BACKUP_TABLES)[number][] {
  return BACKUP_TABLES.filter((t) => (ADDED_IN_VERSION[t.name] ?? 1) <= version);
}

export type BackupTableName = (typeof BACKUP_TABLES)[number]['name'];
export const MANIFEST_SECTION = 'files';

export function backupFileName(created: Date): string {
  const stamp = created.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `backup-${stamp}.kkbackup.gz`;
}

export function checksumLine(sha256: string, fileName: string): string {
  return `${sha256}  ${fileName}\n`;
}

/** The SHA-256 a checksum file gives for `fileName`, or null when it is not one of its lines. */
export function checksumOf(text: string, fileName: string): string | null {
  const match = /^([0-9a-f]{64}) {2}(\S+)\n?$/.exec(text);
  return match && match[2] === fileName ? match[1] : null;
}
