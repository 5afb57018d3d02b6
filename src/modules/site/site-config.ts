import type { AppConfig } from '#src/config/app-config.js';
import type { SiteConfig } from '#src/contract/site.js';

/** The company's public contact details: answered by the API and written into every public page. */
export function siteConfigOf(config: AppConfig): SiteConfig {
  return {
    companyName: config.COMPANY_NAME,
    phone: config.COMPANY_PHONE,
    email: config.COMPANY_EMAIL,
    serviceArea: 'Uusimaa',
    metaPixelId: config.META_PIXEL_ID ?? null,
  };
}
