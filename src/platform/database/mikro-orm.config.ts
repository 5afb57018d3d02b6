import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from '#migrations/index.js';

export function buildOrmConfig(clientUrl: string) {
  return defineConfig({
    clientUrl,
    extensions: [Migrator],
    entities: [],
    discovery: { warnWhenNoEntities: false },
    migrations: { migrationsList, tableName: 'schema_migrations', snapshot: false, silent: true },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
