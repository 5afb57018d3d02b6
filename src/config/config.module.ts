import { Global, Module, type DynamicModule } from '@nestjs/common';
import { loadAppSecrets, type AppSecrets } from '#src/platform/secrets/app-secrets.js';
import type { AppConfig } from './app-config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const APP_SECRETS = Symbol('APP_SECRETS');
export type { AppConfig, AppSecrets };

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_SECRETS, useValue: loadAppSecrets(config) },
      ],
      exports: [APP_CONFIG, APP_SECRETS],
    };
  }
}
