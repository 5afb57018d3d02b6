import type { AppConfig } from './app-config.js';

/**
 * The site's own address, as robots.txt, the sitemap, canonical and share tags and e-mails name
 * it: `PUBLIC_URL`, or in development without it the app's own port on this machine. Never the
 * Host header a request sends, which anyone can set.
 */
export function publicOrigin(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
