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
} as const;
