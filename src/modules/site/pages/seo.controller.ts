import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '#src/platform/http/access.decorators.js';
import { PublicPages } from './public-pages.js';

export const requestOrigin = (request: Request) => `${request.protocol}://${request.get('host')}`;

/** What search engines ask for besides the pages. */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly pages: PublicPages) {}

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(@Req() request: Request): string {
    const origin = this.pages.originFor(requestOrigin(request));
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /api/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  }

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  sitemap(@Req() request: Request): string {
    const origin = this.pages.originFor(requestOrigin(request));
    const urls = this.pages
      .indexablePaths()
      .map((path) => `  <url><loc>${origin}${path}</loc></url>`);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }
}
