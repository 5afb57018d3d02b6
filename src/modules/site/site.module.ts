import { Inject, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { usePublicSubmissionLimit } from './public-rate-limit.js';
import { SiteConfigController } from './site-config.controller.js';

@Module({ controllers: [SiteConfigController] })
export class SiteModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    usePublicSubmissionLimit(config);
  }
}
