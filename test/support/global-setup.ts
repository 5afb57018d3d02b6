import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerHooks } from 'node:module';

// Jest loads global setup outside its module mapper, so neither the `#src` alias nor the `.js`
// specifiers of the TypeScript sources resolve here: map a relative `.js` to its `.ts` source.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!/^\.{1,2}\/.*\.js$/.test(specifier)) throw error;
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    }
  },
});

/** Starts one throw-away PostgreSQL for the whole run unless TEST_DATABASE_URL names a server. */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return;
  }
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
