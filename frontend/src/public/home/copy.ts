import { routes } from '@/app/routes';

/** Finnish copy of the home page, in one place for the marketer. */
export const homeCopy = {
  title: 'Keittiökalvo – keittiön kalvotus Uudellamaalla',
  description:
    'Uusi ilme keittiöllesi ilman remonttia: kalvotamme ovet, laatikostot ja työtasot palonkestävällä vinyylikalvolla. Hinnat alkaen 950 € sis. ALV, asennus 1–3 päivässä.',
  hero: {
    eyebrow: 'Keittiön kalvotus Uudellamaalla',
    heading: 'Uusi ilme keittiöllesi – ilman remonttia',
    lead: 'Päällystämme nykyiset kaapinovet, laatikostot ja työtasot palonkestävällä premium-vinyylikalvolla. Lopputulos näyttää uudelta keittiöltä murto-osalla hinnasta.',
    badge: 'alkaen 950 € sis. ALV',
    ctas: [
      { to: routes.visualizer, label: 'Kokeile visualisoijaa', variant: 'contained' },
      { to: routes.patterns, label: 'Selaa mallistoa', variant: 'outlined' },
      { to: routes.quote, label: 'Hintalaskuri', variant: 'contained', accent: true },
    ],
    collageAlt: [
      'Valkoinen keittiö kehysovilla ja puisella työtasolla',
      'Tummansininen keittiö uritetuilla ovilla',
      'Harmaa tasapintainen keittiö ja musta työtaso',
      'Vihreä keittiö vetimettömillä ovilla',
      'Betoninharmaa keittiö ja marmorikuvioinen työtaso',
      'Puusävyinen keittiö ja musta työtaso',
      'Beige keittiö kehysovilla ja messinkivetimillä',
      'Musta keittiö ja tammityötaso',
    ],
  },
  benefitsHeading: 'Miksi kalvotus?',
  benefits: [
    {
      title: 'Hinta alkaen 950 €',
      text: 'Selkeä hinta sisältäen ALV:n, asennuksen ja matkat Uudellamaalla.',
    },
    {
      title: 'Asennus 1–3 päivässä',
      text: 'Keittiö on käytössä koko ajan – ei viikkojen remonttia.',
    },
    {
      title: 'Säästä jopa 70 %',
      text: 'Verrattuna kokonaan uuteen keittiöön, kun rungot ja saranat jäävät.',
    },
    { title: '3 vuoden takuu työlle', text: 'Asennustyöllämme on kolmen vuoden takuu.' },
    {
      title: '10 vuoden takuu kalvolle',
      text: 'Valmistaja myöntää palonkestävälle vinyylikalvolle 10 vuoden takuun.',
    },
  ],
  stepsHeading: 'Näin pääset alkuun',
  steps: [
    {
      title: 'Valitse tyyli',
      text: 'Valitse neljästä ovityylistä: Kehysovi, Uritettu, Tasapintainen tai Vetimetön.',
    },
    { title: 'Anna mitat', text: 'Kerro ovien ja laatikoiden määrä sekä työtason pituus.' },
    { title: 'Jätä yhteystietosi', text: 'Täytä yhteystiedot – se vie alle minuutin.' },
    { title: 'Saat tarjouksen', text: 'Premium-tarjous saapuu sähköpostiisi hetken kuluttua.' },
  ],
  stepsCta: 'Aloita hintalaskurilla',
} as const;

export const KITCHEN_IMAGES = Array.from(
  { length: 8 },
  (_, index) => `/images/kitchens/keittio-${index + 1}.jpg`,
);
