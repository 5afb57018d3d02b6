import { join, sep } from 'node:path';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { NextFunction, Request, Response } from 'express';
import type { PublicPages } from './public-pages.js';

export const FRONTEND_DIST = join(process.cwd(), 'frontend', 'dist');

const HASHED_ASSETS = `${sep}dist${sep}assets${sep}`;

/**
 * Built files through @nestjs/serve-static: content-hashed assets are cached for a year, everything
 * else for a day. Its index.html fallback is switched off (every path excluded from it): pages are
 * answered by `frontendPages`, which knows the prerendered pages and the real 404.
 */
export const frontendFiles = () =>
  ServeStaticModule.forRoot({
    rootPath: FRONTEND_DIST,
    exclude: /^/,
    serveStaticOptions: {
      index: false,
      setHeaders: (response, path) => {
        response.setHeader(
          'Cache-Control',
          path.includes(HASHED_ASSETS)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    },
  });

/**
 * Every other GET outside the API: a prerendered page, the admin's shell, or the Finnish 404
 * page with a real 404 status. Pages are revalidated on every visit (their ETag makes that cheap).
 */
export function frontendPages(pages: PublicPages) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.path === '/api' || request.path.startsWith('/api/')) return next();
    const answer = pages.answer(request.path);
    if (!answer) return next();
    response
      .status(answer.status)
      .type('html')
      .setHeader('Cache-Control', 'no-cache')
      .send(answer.html);
  };
}
