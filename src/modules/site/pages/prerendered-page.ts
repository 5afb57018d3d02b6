/** One public page as the frontend build prerendered it (frontend/dist/prerendered.json). */
export interface PrerenderedPage {
  path: string;
  title: string;
  description?: string;
  noindex?: boolean;
  /** Site-relative picture for share previews. */
  shareImage: string;
  /** Content of the root element. */
  html: string;
  /** The cookie banner's markup, shown until the visitor has chosen. */
  cookieBanner: string;
  /** Site-relative scripts of the page's own chunk and what it imports, from the build. */
  modulePreloads?: string[];
}

/** What a page's head says about the company, from the server's configuration. */
export interface SiteFacts {
  origin: string;
  companyName: string;
  phone: string;
  email: string;
  areaServed: string;
  minimumPrice: number;
}
