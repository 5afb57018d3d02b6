import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { CURRENT_PRICE_LIST } from '#src/modules/quotes/index.js';
import { publicOrigin } from '#src/config/public-origin.js';
import { siteConfigOf } from '#src/modules/site/site-config.js';
import { renderPageDocument } from './page-document.js';
import type { PrerenderedPage, SiteFacts } from './prerendered-page.js';

/** Where an unknown path's page was prerendered from (the frontend's NOT_FOUND_PATH). */
const NOT_FOUND_PATH = '/404';

/** The client-rendered admin: its routes get the plain application shell. */
const SHELL_PATHS = ['/admin', '/login', '/forgot-password', '/reset-password'];

export type PageAnswer = { status: 200 | 404; html: string };

/**
 * The prerendered public pages of a frontend build, assembled into documents once, for the site's
 * own address.
 * Without a build (API-only tests) there are no pages and every path is unknown.
 */
@Injectable()
export class PublicPages {
  private readonly template: string | null;
  private readonly pages: Map<string, PrerenderedPage>;
  private documents: Map<string, string> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const dist = join(process.cwd(), 'frontend', 'dist');
    const manifest = join(dist, 'prerendered.json');
    const built = existsSync(manifest);
    this.template = built ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
    const pages: PrerenderedPage[] = built ? JSON.parse(readFileSync(manifest, 'utf8')) : [];
    this.pages = new Map(pages.map((page) => [page.path, page]));
  }

  /** Pages a search engine may index, for the sitemap. */
  indexablePaths(): string[] {
    return [...this.pages.values()]
      .filter((page) => !page.noindex && page.path !== NOT_FOUND_PATH)
      .map((page) => page.path);
  }

  /** The answer for a GET of `path`, or null when there is no frontend build at all. */
  answer(path: string): PageAnswer | null {
    if (!this.template) return null;
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (SHELL_PATHS.some((shell) => normalised === shell || normalised.startsWith(`${shell}/`))) {
      return { status: 200, html: this.template };
    }
    const known = normalised !== NOT_FOUND_PATH && this.pages.has(normalised);
    const documents = this.assembled();
    return known
      ? { status: 200, html: documents.get(normalised)! }
      : { status: 404, html: documents.get(NOT_FOUND_PATH)! };
  }

  /** The site's own address (config/public-origin.ts). */
  get origin(): string {
    return publicOrigin(this.config);
  }

  private assembled(): Map<string, string> {
    if (!this.documents) {
      const site = this.siteFacts();
      const siteConfig = siteConfigOf(this.config);
      this.documents = new Map(
        [...this.pages].map(([path, page]) => [
          path,
          renderPageDocument(this.template!, page, site, siteConfig),
        ]),
      );
    }
    return this.documents;
  }

  private siteFacts(): SiteFacts {
    return {
      origin: this.origin,
      companyName: this.config.COMPANY_NAME,
      phone: this.config.COMPANY_PHONE,
      email: this.config.COMPANY_EMAIL,
      areaServed: 'Uusimaa',
      minimumPrice: CURRENT_PRICE_LIST.minimumTotal,
    };
  }
}
