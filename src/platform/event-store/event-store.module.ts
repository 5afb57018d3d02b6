import {
  type DynamicModule,
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, Reflector } from '@nestjs/core';
import pg from 'pg';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { DATABASE_URL } from '#src/platform/database/database.module.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { BackgroundPacer, RequestPressure } from '#src/platform/scheduling/request-pressure.js';
import {
  PROJECTION_METADATA,
  type ProjectionDefinition,
} from '#src/platform/projections/projection.types.js';
import { CommandCausation } from './command-causation.js';
import type { EventMetadataProvider } from './event-metadata.js';
import { EventStore } from './event-store.js';
import { PersonalDataVault } from './personal-data-vault.js';
import { EventTypeRegistry } from './event-types.js';
import { UpcasterRegistry } from './upcasters.js';

/** Set to false (tests, CLI tools) to build projections without starting the async runner. */
export const RUN_PROJECTIONS = Symbol('RUN_PROJECTIONS');
const EVENT_METADATA = Symbol('EVENT_METADATA');

class ProjectionLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  constructor(
    private readonly manager: ProjectionManager,
    private readonly store: EventStore,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    @Inject(RUN_PROJECTIONS) private readonly runProjections: boolean,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const definitions = this.discovery
      .getProviders()
      .filter(
        (wrapper) => wrapper.metatype && this.reflector.get(PROJECTION_METADATA, wrapper.metatype),
      )
      .map((wrapper) => wrapper.instance as ProjectionDefinition);
    this.manager.register(...definitions);
    // Without the runner (a command-line tool) a report built now would not be kept up to date.
    await this.manager.initialize({ reports: this.runProjections });
    if (this.runProjections) await this.manager.start();
    this.logger.log(`${this.manager.projections.length} projections ready`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.manager.stop();
    await this.store.drain();
  }
}

const providers = [
  {
    provide: PersonalDataVault,
    inject: [PG_POOL, APP_SECRETS],
    useFactory: (pool: pg.Pool, secrets: AppSecrets) =>
      new PersonalDataVault(pool, secrets.dataKeyWrappingKey),
  },
  {
    provide: EventStore,
    inject: [PG_POOL, PersonalDataVault, UpcasterRegistry, EVENT_METADATA, EventTypeRegistry],
    useFactory: (
      pool: pg.Pool,
      vault: PersonalDataVault,
      upcasters: UpcasterRegistry,
      metadata: EventMetadataProvider,
      eventTypes: EventTypeRegistry,
    ) => new EventStore(pool, vault, upcasters, metadata, eventTypes),
  },
  {
    provide: ProjectionManager,
    inject: [PG_POOL, EventStore, DATABASE_URL, { token: RequestPressure, optional: true }],
    useFactory: (pool: pg.Pool, store: EventStore, url: string, requests?: RequestPressure) => {
      const logger = new Logger('Projections');
      return new ProjectionManager(pool, store, (message) => logger.log(message), {
        listenerFactory: () => new pg.Client({ connectionString: url }),
        pacer: new BackgroundPacer(requests),
      });
    },
  },
  ProjectionLifecycle,
  CommandCausation,
];

@Global()
@Module({})
export class EventStoreModule {
  /** `metadata` says who appends: the app passes one that reads the request context. */
  static forRoot(options: {
    runProjections: boolean;
    metadata: EventMetadataProvider;
  }): DynamicModule {
    return {
      module: EventStoreModule,
      imports: [DiscoveryModule],
      providers: [
        UpcasterRegistry,
        EventTypeRegistry,
        { provide: RUN_PROJECTIONS, useValue: options.runProjections },
        { provide: EVENT_METADATA, useValue: options.metadata },
        ...providers,
      ],
      exports: [
        EventStore,
        PersonalDataVault,
        UpcasterRegistry,
        EventTypeRegistry,
        ProjectionManager,
        RUN_PROJECTIONS,
      ],
    };
  }
}
