import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  type RunningPostgres,
  startEmbeddedPostgres,
} from '#src/platform/database/embedded-postgres.js';
import { freeLoopbackPort } from '#src/platform/database/loopback-port.js';

async function answers(server: RunningPostgres): Promise<string> {
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(
      "select current_setting('data_directory') as dir",
    );
    return rows[0].dir;
  } finally {
    await client.end();
  }
}

describe(startEmbeddedPostgres.name, () => {
  it('should start a second checkout on another port when the configured one is taken', async () => {
    const port = await freeLoopbackPort();
    const messages: string[] = [];
    const start = (name: string) =>
      startEmbeddedPostgres({
        dataDir: mkdtempSync(join(tmpdir(), `kk-pg-${name}-`)),
        port,
        ephemeral: true,
        log: (message) => messages.push(message),
      });
    const first = await start('first');
    let second: RunningPostgres | undefined;
    try {
      second = await start('second');
      expect(first.port).toBe(port);
      expect(second.port).not.toBe(port);
      expect(messages).toContainEqual(
        expect.stringContaining(`port ${port} of 127.0.0.1 is already in use`),
      );
      // Each app reaches its own server, not the other checkout's.
      expect(await answers(first)).toContain('kk-pg-first-');
      expect(await answers(second)).toContain('kk-pg-second-');
    } finally {
      await second?.stop();
      await first.stop();
    }
  });
});
