import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { SiteConfigController } from './site-config.controller.js';
import { PublicPages } from './pages/public-pages.js';
import { SeoController } from './pages/seo.controller.js';
import { frontendFiles, frontendPages } from './pages/serve-frontend.js';

@Module({
  // Imported modules start first, so built files are served before the pages' catch-all.
  imports: [frontendFiles()],
  controllers: [SiteConfigController, SeoController],
  providers: [PublicPages],
})
export class SiteModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pages: PublicPages,
  ) {}

  /** After the API's routes (registered before module init), ahead of Nest's own 404. */
  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    app.get('{*any}', frontendPages(this.pages));
  }
}
