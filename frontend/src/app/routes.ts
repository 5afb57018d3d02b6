/** Every route path of the product, in one place. */
export const routes = {
  home: '/',
  quote: '/quote',
  visualizer: '/visualizer',
  patterns: '/patterns',
  contact: '/contact',
  legal: '/legal',
  privacy: '/privacy',
  admin: '/admin',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** Where an unknown path is prerendered from: any path no route matches. */
export const NOT_FOUND_PATH = '/404';

/**
 * The public pages the build prerenders, each with the picture a share preview shows. The server
 * lists the indexable ones in sitemap.xml; the admin and login stay a client-rendered shell.
 */
export const prerenderedPages: { path: string; shareImage: string }[] = [
  { path: routes.home, shareImage: '/images/kitchens/keittio-1.jpg' },
  { path: routes.quote, shareImage: '/images/doors/kehysovi.jpg' },
  { path: routes.visualizer, shareImage: '/images/kitchens/keittio-3.jpg' },
  { path: routes.patterns, shareImage: '/images/kitchens/keittio-5.jpg' },
  { path: routes.contact, shareImage: '/images/kitchens/keittio-2.jpg' },
  { path: routes.legal, shareImage: '/images/kitchens/keittio-1.jpg' },
  { path: routes.privacy, shareImage: '/images/kitchens/keittio-1.jpg' },
  { path: NOT_FOUND_PATH, shareImage: '/images/kitchens/keittio-1.jpg' },
];
