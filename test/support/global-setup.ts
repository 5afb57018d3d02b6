import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// Jest loads global setup outside its module mapper, so neither the `#src` alias nor the `.js`
// specifiers of the TypeScript sources resolve here: map both to their `.ts` sources, as the
// mapper does for test files (`#src` would otherwise load the build).
const root = fileURLToPath(new URL('../../', import.meta.url));
registerHooks({
  resolve(specifier, context, nextResolve) {
    const alias = /^#(src|migrations)\/(.*)\.js$/.exec(specifier);
    if (alias) return nextResolve(join(root, alias[1], `${alias[2]}.ts`), context);
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!/^\.{1,2}\/.*\.js$/.test(specifier)) throw error;
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    }
  },
});

type Server = { stop(): Promise<void> };
const state = globalThis as { __testPostgres?: Server[] };

/**
 * Starts one throw-away PostgreSQL per Jest worker unless TEST_DATABASE_URL names a server, and
 * migrates in each a template database that every test file's database is copied from. A server
 * per worker keeps files that run at once apart: a transaction open in any database of a server
 * holds back the commit-safe horizon of the async projections in all of them
 * (docs/decisions/0135-faster-test-run.md).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const { createTemplateDatabase } = await import('./test-database.js');
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  const urls = process.env.TEST_DATABASE_URL
    ? [process.env.TEST_DATABASE_URL]
    : await startServers(Math.max(1, globalConfig.maxWorkers));
  process.env.TEST_PG_ADMIN_URLS = urls.join(' ');
  process.env.TEST_PG_TEMPLATE = name;
  try {
    await Promise.all(urls.map((url) => createTemplateDatabase(url, name)));
  } catch (error) {
    // Jest runs no global teardown after a failed setup: stop the servers here, or they outlive it.
    await Promise.all((state.__testPostgres ?? []).map((server) => server.stop()));
    throw error;
  }
}

async function startServers(count: number): Promise<string[]> {
  const { startEmbeddedPostgres } =
    await import('../../src/platform/database/embedded-postgres.js');
  const { freeLoopbackPort } = await import('../../src/platform/database/loopback-port.js');
  state.__testPostgres = [];
  const started = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const server = await startEmbeddedPostgres({
        dataDir: mkdtempSync(join(tmpdir(), 'kk-test-pg-')),
        port: await freeLoopbackPort(),
        ephemeral: true,
      });
      state.__testPostgres?.push(server);
      return server.url('postgres');
    }),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(state.__testPostgres.map((server) => server.stop()));
    throw failed.reason;
  }
  return started.map((result) => (result as PromiseFulfilledResult<string>).value);
}
