/** How long backup files are kept: every one for a while, then one a day, then none. */
export interface BackupRetentionPolicy {
  keepAllHours: number;
  keepDailyDays: number;
}

export interface DatedBackup {
  name: string;
  created: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The files the policy no longer keeps: older than `keepAllHours` and not the newest of their
 * (UTC) day, or older than `keepDailyDays`. The newest file is always kept, however old, so a
 * stopped schedule never leaves nothing to restore.
 */
export function backupsToPrune(
  files: readonly DatedBackup[],
  now: Date,
  policy: BackupRetentionPolicy,
): string[] {
  const newestFirst = [...files].sort((a, b) => b.created.getTime() - a.created.getTime());
  const keepAllAfter = now.getTime() - policy.keepAllHours * HOUR_MS;
  const keepDailyAfter = now.getTime() - policy.keepDailyDays * DAY_MS;
  const daysKept = new Set<string>();
  const prune: string[] = [];
  newestFirst.forEach((file, index) => {
    const at = file.created.getTime();
    const day = file.created.toISOString().slice(0, 10);
    const firstOfDay = !daysKept.has(day);
    daysKept.add(day);
    const kept = index === 0 || at > keepAllAfter || (at > keepDailyAfter && firstOfDay);
    if (!kept) prune.push(file.name);
  });
  return prune;
}
