import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { COOKIE_BANNER_SCRIPT } from '#src/contract/cookie-banner.js';

/** The one inline script of the public pages, the cookie banner's, allowed by its hash. */
const COOKIE_BANNER_HASH = `'sha256-${createHash('sha256').update(COOKIE_BANNER_SCRIPT).digest('base64')}'`;

const META_PIXEL_HOSTS = ['https://connect.facebook.net', 'https://www.facebook.com'];

/**
 * What an API answer (JSON, an image, a download) needs in place of the page policy: nothing it
 * holds may run, be framed, be sniffed as another type or be read by another site. A page's policy
 * (which scripts, styles, fonts and frames it may load) says nothing about such an answer, and
 * setting a dozen headers through helmet on every public write was a measurable share of its cost
 * (see docs/decisions/0040-leaner-public-requests.md).
 */
const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/**
 * Browser features no page or answer of ours uses (a kitchen photo is picked with a file input,
 * which needs no camera permission): none may be used by anything a page loads or frames.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The API documentation is a page (Swagger UI): it gets the page policy. */
const API_PAGES = '/api/docs';

/** Security headers: the full page policy for pages and assets, a short fixed set for the API. */
export function securityHeadersMiddleware(metaPixelId: string | undefined) {
  const pagePolicy = helmet({
    contentSecurityPolicy: { directives: pageDirectives(metaPixelId ? META_PIXEL_HOSTS : []) },
    crossOriginEmbedderPolicy: false,
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (!req.url.startsWith('/api/') || req.url.startsWith(API_PAGES)) {
      pagePolicy(req, res, next);
      return;
    }
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    next();
  };
}

function pageDirectives(pixel: string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", COOKIE_BANNER_HASH, ...pixel],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...pixel],
    connectSrc: ["'self'", ...pixel],
    fontSrc: ["'self'", 'data:'],
    frameSrc: pixel.length ? pixel : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
