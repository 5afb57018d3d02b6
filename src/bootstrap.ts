import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule, type AppModuleOptions } from './app.module.js';
import { APP_SECRETS, type AppSecrets } from './config/config.module.js';
import { configureApp } from './platform/http/configure-app.js';

/**
 * Builds the configured Nest application (not yet listening). Shared by main, CLI and tests.
 * `shutdownHooks: false` leaves SIGTERM to the caller: the server's own stop (main.ts) drains
 * before it closes, which Nest's hooks, closing at once, would cut short.
 */
export async function createApp(
  options: AppModuleOptions,
  { shutdownHooks = true }: { shutdownHooks?: boolean } = {},
): Promise<NestExpressApplication> {
  // Case-sensitive, so routing and every check of a path prefix agree (path-guard.middleware.ts).
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(options),
    new ExpressAdapter(server),
    { bodyParser: false, bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  configureApp(app, options.config, app.get<AppSecrets>(APP_SECRETS));
  if (shutdownHooks) app.enableShutdownHooks();
  return app;
}
