import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule, type AppModuleOptions } from './app.module.js';
import { loadAppSecrets } from './platform/secrets/app-secrets.js';
import { configureApp } from './platform/http/configure-app.js';

/** Builds the configured Nest application (not yet listening). Shared by main, CLI and tests. */
export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  configureApp(app, options.config, loadAppSecrets(options.config));
  return app;
}
