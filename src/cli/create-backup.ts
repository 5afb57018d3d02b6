import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { createApp } from '#src/bootstrap.js';
import { readConfigOrExit } from '#src/config/read-config.js';
import { CreateBackupCommand } from '#src/modules/backups/index.js';
import { resolveDatabase } from '#src/platform/database/database-bootstrap.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { exitWith } from './exit-with.js';

/** Writes a backup now (before an upgrade, say), whatever changed since the last one. */
async function main(): Promise<number> {
  // Texture warm-up would share the process (and its memory) with the backup for nothing.
  const config = readConfigOrExit({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PATTERN_WARMUP: 'off',
  });
  const database = await resolveDatabase(config, (message) => console.error(message));
  try {
    await runMigrations(database.url);
    const app = await createApp({ config, databaseUrl: database.url, runProjections: false });
    await app.init();
    try {
      const backup = await app.get(CommandBus).execute(new CreateBackupCommand('manual'));
      console.log(`${backup!.name} (${backup!.sizeBytes} bytes)`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
}

exitWith(main());
