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

/**
 * Starts one throw-away PostgreSQL for the whole run unless TEST_DATABASE_URL names a server,
 * and migrates one template database that every test file's database is copied from.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
  } else {
    const { startEmbeddedPostgres } =
      await import('../../src/platform/database/embedded-postgres.js');
    const { freeLoopbackPort } = await import('../../src/platform/database/loopback-port.js');
    const port = await freeLoopbackPort();
    const server = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'kk-test-pg-')),
      port,
      ephemeral: true,
    });
    process.env.TEST_PG_ADMIN_URL = server.url('postgres');
    (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres = server;
  }
  try {
    const { createTemplateDatabase } = await import('./test-database.js');
    process.env.TEST_PG_TEMPLATE = await createTemplateDatabase();
  } catch (error) {
    // Jest runs no global teardown after a failed setup: stop the server here, or it outlives the run.
    await (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres?.stop();
    throw error;
  }
}
