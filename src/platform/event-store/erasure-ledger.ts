import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface ErasureRecord {
  subject: string;
  at: string;
}

/**
 * Every erased data subject, one JSON line each, kept in a file beside the backups and never
 * inside one, so restoring an older backup can erase again what was erased after it. A line
 * is written and synced before the erasing transaction commits: a crash in between leaves a
 * subject listed whose erasure was asked for, never an erasure the ledger misses.
 */
export class ErasureLedger {
  constructor(readonly path: string) {}

  async record(subjects: readonly string[], at = new Date()): Promise<void> {
    if (subjects.length === 0) return;
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const lines = subjects.map(
      (subject) => JSON.stringify({ subject, at: at.toISOString() }) + '\n',
    );
    const handle = await open(this.path, 'a', 0o600);
    try {
      await handle.writeFile(lines.join(''));
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Every subject ever erased; nothing when no erasure happened yet. */
  async subjects(): Promise<Set<string>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
      throw error;
    }
    const subjects = new Set<string>();
    for (const line of text.split('\n')) {
      // A line cut short by a crash is skipped; its erasure never committed.
      if (!line) continue;
      try {
        subjects.add((JSON.parse(line) as ErasureRecord).subject);
      } catch {
        continue;
      }
    }
    return subjects;
  }
}
