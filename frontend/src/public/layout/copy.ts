import { routes } from '@/app/routes';

/** Finnish copy of the header, footer and cookie banner (docs/product.md#public-site). */
export const layoutCopy = {
  brand: 'Keittiökalvo',
  homeAria: 'Keittiökalvo – etusivulle',
  nav: [
    { to: routes.home, label: 'Etusivu' },
    { to: routes.visualizer, label: 'Visualisoi' },
    { to: routes.patterns, label: 'Mallisto' },
    { to: routes.contact, label: 'Ota yhteyttä' },
  ],
  navAria: 'Päävalikko',
  quoteButton: 'Hintalaskuri',
  footer: {
    blurb:
      'Uusi ilme keittiöllesi ilman remonttia. Kalvotamme keittiön ovet, laatikostot ja työtasot palonkestävällä vinyylikalvolla Uudellamaalla – nopeasti, siististi ja edullisesti.',
    servicesHeading: 'Palvelut',
    services: [
      { to: routes.quote, label: 'Hintalaskuri' },
      { to: routes.visualizer, label: 'Keittiö Visualisoija' },
      { to: routes.patterns, label: 'Vinyylimallisto' },
      { to: routes.contact, label: 'Ilmainen konsultaatio' },
    ],
    contactHeading: 'Yhteystiedot',
    phoneLabel: 'Puhelin',
    emailLabel: 'Sähköposti',
    areaLabel: 'Palvelualue',
    area: 'Uusimaa',
    privacy: { to: routes.privacy, label: 'Tietosuoja' },
    terms: { to: routes.legal, label: 'Käyttöehdot' },
    rights: 'Kaikki oikeudet pidätetään.',
  },
  cookies: {
    label: 'Evästeasetukset',
    title: 'Käytämme evästeitä',
    text: 'Käytämme välttämättömiä evästeitä sivuston toimintaan. Markkinointievästeillä (Meta-pikseli) mittaamme mainostemme tehoa – vain jos hyväksyt ne.',
    necessary: 'Vain välttämättömät',
    all: 'Hyväksy kaikki',
    showDetails: 'Näytä tiedot',
    hideDetails: 'Piilota tiedot',
    privacyLink: 'Lue tietosuojaseloste',
    close: 'Sulje evästeilmoitus',
    details: [
      {
        name: 'Välttämättömät',
        text: 'Evästevalintasi ja visualisoinnin ilmaiskertojen laskuri tallennetaan selaimeesi. Nämä ovat aina käytössä.',
      },
      {
        name: 'Tilastointi',
        text: 'Keräämme nimettömiä sivunkatselutietoja ilman evästeitä tai henkilötietoja palvelun kehittämiseksi.',
      },
      {
        name: 'Markkinointi',
        text: 'Meta-pikseli (Meta Platforms) mittaa mainonnan tuloksia. Se ladataan vain, jos valitset ”Hyväksy kaikki”. Säilytysaika enintään 24 kuukautta.',
      },
    ],
  },
} as const;
