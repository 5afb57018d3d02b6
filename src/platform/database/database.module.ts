import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import pg from 'pg';
import { type DatabaseWaits, poolOptions } from './database-waits.js';
import { PG_POOL } from './queryable.js';

export const DATABASE_URL = Symbol('DATABASE_URL');

// Counts and sums come back as numbers, not strings: bigint values here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

class PoolCloser implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * One pg pool for the whole app. MikroORM runs the migrations before the app starts
 * (`migrate.ts`) and holds no pool at runtime: docs/decisions/0121-plain-sql-at-runtime.md.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, waits: DatabaseWaits): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        {
          provide: PG_POOL,
          useFactory: () => {
            const pool = new pg.Pool({ connectionString: databaseUrl, ...poolOptions(waits) });
            pool.on('error', () => undefined); // an idle client's error must not crash the app
            // Nor a lost connection while checked out: its query fails, and the caller sees that.
            pool.on('connect', (client) => client.on('error', () => undefined));
            return pool;
          },
        },
        PoolCloser,
      ],
      exports: [PG_POOL, DATABASE_URL],
    };
  }
}
