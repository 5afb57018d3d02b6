/** The company's public contact details, as the server's configuration gives them. */

/** GET /api/site-config, and the same object inside every prerendered public page. */
export interface SiteConfig {
  companyName: string;
  phone: string;
  email: string;
  serviceArea: string;
  metaPixelId: string | null;
}

/** The element of a public page's document that holds its `SiteConfig` as JSON. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';

const placeholder = <Key extends keyof SiteConfig>(key: Key) => `%%site.${key}%%` as const;

/**
 * What the build renders in place of each configured value: pages are prerendered before the
 * configuration is known, and the server puts the configured values in when it serves them.
 * A telephone link is rendered as `tel:` followed by the phone placeholder.
 */
export const SITE_CONFIG_PLACEHOLDERS = {
  companyName: placeholder('companyName'),
  phone: placeholder('phone'),
  email: placeholder('email'),
  serviceArea: placeholder('serviceArea'),
  metaPixelId: null,
} as const satisfies SiteConfig;

/** The digits of a phone number as a `tel:` link takes them. */
export const telephoneHref = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;
