import type { SiteFacts } from './prerendered-page.js';

/** schema.org description of the business, as search engines read it from every public page. */
export function businessStructuredData(site: SiteFacts): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: site.companyName,
    url: `${site.origin}/`,
    image: `${site.origin}/images/kitchens/keittio-1.jpg`,
    telephone: site.phone,
    email: site.email,
    areaServed: { '@type': 'AdministrativeArea', name: site.areaServed },
    priceRange: `${site.minimumPrice} € –`,
    makesOffer: {
      '@type': 'Offer',
      name: 'Keittiön ovien, laatikoiden ja työtasojen kalvotus',
      priceSpecification: {
        '@type': 'PriceSpecification',
        minPrice: site.minimumPrice,
        priceCurrency: 'EUR',
        valueAddedTaxIncluded: true,
      },
      areaServed: { '@type': 'AdministrativeArea', name: site.areaServed },
    },
  };
}
