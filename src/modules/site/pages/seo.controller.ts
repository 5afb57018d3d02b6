import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '#src/platform/http/access.decorators.js';
import { PublicPages } from './public-pages.js';

/** `&`, `<`, `>`, quotes: what XML text and attributes may not hold as they are. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** What search engines ask for besides the pages; every address is the site's own. */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly pages: PublicPages) {}

  @Public()
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /api/',
      '',
      `Sitemap: ${this.pages.origin}/sitemap.xml`,
      '',
    ].join('\n');
  }

  @Public()
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  sitemap(): string {
    const urls = this.pages
      .indexablePaths()
      .map((path) => `  <url><loc>${escapeXml(`${this.pages.origin}${path}`)}</loc></url>`);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }
}
