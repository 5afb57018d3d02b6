import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import pg from 'pg';
import { buildOrmConfig } from './mikro-orm.config.js';
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

/** MikroORM for entities and migrations, and one pg pool for the event store's raw SQL. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, waits: DatabaseWaits): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...buildOrmConfig(databaseUrl),
          autoLoadEntities: true,
          // No request handler uses the entity manager, so no request needs its own fork of it.
          registerRequestContext: false,
        }),
      ],
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
