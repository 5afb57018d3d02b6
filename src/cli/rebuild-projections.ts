import 'reflect-metadata';
import { readConfigOrExit } from '#src/config/read-config.js';
import { createApp } from '#src/bootstrap.js';
import { resolveDatabase } from '#src/platform/database/database-bootstrap.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { progressPrinter } from './progress-printer.js';

const USAGE = `Rebuilds projections from the event log into fresh tables, then switches to them.
The app may keep running meanwhile: readers use the old tables until the switch.

Usage: npm run projections:rebuild -- <name> [<name> ...]
       npm run projections:rebuild -- --all
       npm run projections:rebuild -- --list`;

const EXIT_USAGE = 2;

type Request = { kind: 'list' } | { kind: 'all' } | { kind: 'some'; names: string[] };

function parseArguments(args: string[]): Request | null {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) return null;
  if (args.length === 1 && args[0] === '--list') return { kind: 'list' };
  if (args.length === 1 && args[0] === '--all') return { kind: 'all' };
  if (args.some((arg) => arg.startsWith('-'))) return null;
  return { kind: 'some', names: args };
}

async function main(): Promise<number> {
  const request = parseArguments(process.argv.slice(2));
  if (!request) {
    console.error(USAGE);
    return EXIT_USAGE;
  }
  // The app's own request and start-up logs would bury the progress lines.
  const config = readConfigOrExit({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await resolveDatabase(config, (message) => console.error(message));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app?.close();
      await database.stop();
    })());
  process.once('SIGINT', () => {
    // Builds resume from their checkpoint, so stopping half-way loses nothing.
    console.error('\ninterrupted; run the same command again to resume');
    void close().finally(() => process.exit(130));
  });
  try {
    await runMigrations(database.url);
    app = await createApp({ config, databaseUrl: database.url, runProjections: false });
    await app.init();
    const manager = app.get(ProjectionManager);
    const known = manager.projections.map((p) => p.name);
    if (request.kind === 'list') {
      for (const status of await manager.status()) {
        console.log(`${status.name}\t${status.mode}\tv${status.activeVersion}\tlag ${status.lag}`);
      }
      return 0;
    }
    const names = request.kind === 'all' ? known : request.names;
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      console.error(
        `Unknown projection ${unknown.join(', ')}; known: ${known.join(', ') || '(none)'}`,
      );
      return EXIT_USAGE;
    }
    for (const name of names) {
      const started = Date.now();
      await manager.rebuild(name, progressPrinter());
      const version = (await manager.status()).find((s) => s.name === name)?.activeVersion;
      console.log(
        `${name}: switched to v${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    return 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
