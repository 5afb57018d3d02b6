import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmConfig } from './mikro-orm.config.js';

/** Applies pending migrations with a short-lived ORM instance, before the app starts. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(buildOrmConfig(databaseUrl));
  try {
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
