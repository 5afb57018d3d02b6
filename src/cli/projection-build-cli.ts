import { readConfigOrExit } from '#src/config/read-config.js';
import { createApp } from '#src/bootstrap.js';
import { resolveDatabase } from '#src/platform/database/database-bootstrap.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import type { ProjectionDefinition } from '#src/platform/projections/projection.types.js';
import { progressPrinter } from './progress-printer.js';

const EXIT_USAGE = 2;

type Request = { kind: 'list' } | { kind: 'all' } | { kind: 'some'; names: string[] };

export interface ProjectionBuildCli {
  usage: string;
  /** What the command is about ("projection", "report"), for its messages. */
  noun: string;
  /** The projections the command may build; `--all` builds every one of them. */
  selects: (def: ProjectionDefinition) => boolean;
  /** The full name for a name as typed. */
  nameOf?: (typed: string) => string;
  /** Build everything asked for in one pass over the log, instead of one after another. */
  onePass: boolean;
}

function parseArguments(args: string[]): Request | null {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) return null;
  if (args.length === 1 && args[0] === '--list') return { kind: 'list' };
  if (args.length === 1 && args[0] === '--all') return { kind: 'all' };
  if (args.some((arg) => arg.startsWith('-'))) return null;
  return { kind: 'some', names: args };
}

/** Builds projections from the log into fresh tables, then switches to them, as asked on the command line. */
export async function runProjectionBuildCli(cli: ProjectionBuildCli): Promise<number> {
  const request = parseArguments(process.argv.slice(2));
  if (!request) {
    console.error(cli.usage);
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
    const known = manager.projections.filter(cli.selects).map((p) => p.name);
    if (request.kind === 'list') {
      for (const status of await manager.status()) {
        if (!known.includes(status.name)) continue;
        console.log(`${status.name}\t${status.mode}\tv${status.activeVersion}\tlag ${status.lag}`);
      }
      return 0;
    }
    const names =
      request.kind === 'all' ? known : request.names.map((name) => cli.nameOf?.(name) ?? name);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      console.error(
        `Unknown ${cli.noun} ${unknown.join(', ')}; known: ${known.join(', ') || '(none)'}`,
      );
      return EXIT_USAGE;
    }
    const started = Date.now();
    const switched = async (name: string) => {
      const version = (await manager.status()).find((s) => s.name === name)?.activeVersion;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${name}: switched to v${version} in ${seconds} s`);
    };
    if (cli.onePass) {
      await manager.rebuild(names, progressPrinter());
      for (const name of names) await switched(name);
    } else {
      for (const name of names) {
        await manager.rebuild(name, progressPrinter());
        await switched(name);
      }
    }
    return 0;
  } finally {
    await close();
  }
}
