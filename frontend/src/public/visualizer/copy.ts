/** Finnish copy of the visualizer (docs/product.md#visualizer), in one place for the marketer. */
export const visualizerCopy = {
  title: 'Keittiö Visualisoija – Keittiökalvo',
  description:
    'Lataa kuva keittiöstäsi ja katso, miltä kaapistot näyttävät uudella vinyylikalvolla. Kolme ilmaista visualisointia.',
  heading: 'Keittiö Visualisoija',
  lead: 'Lataa kuva keittiöstäsi, valitse malli ja näe uusi ilme ennen kuin päätät.',

  step1: '1. Lataa keittiökuva',
  step1Hint: 'Kuvaa kaapistot suoraan edestä hyvässä valossa. Enintään 15MB.',
  pickFile: 'Valitse kuva',
  takePhoto: 'Ota kuva kameralla',
  changeImage: 'Vaihda kuva',
  uploadedAlt: 'Lataamasi keittiökuva',

  fronts: {
    heading: 'Tarkista kaapinovet',
    hint: 'Vihreällä rajatut ovet ja laatikot päällystetään. Napauta ovea poistaaksesi sen, tai napauta kohtaa, josta ovi puuttuu, niin lisäämme sen reunoihin asti.',
    noneFound:
      'Emme tunnistaneet kuvasta kaapinovia automaattisesti. Napauta kuvassa jokaista ovea ja laatikkoa, jonka haluat päällystää: merkitsemme sen reunoihin asti.',
    keyboard:
      'Näppäimistöllä: siirrä kohdistinta nuolinäppäimillä ja lisää tai poista ovi Enterillä.',
    detecting: 'Etsitään kaapinovia...',
    editorLabel: 'Kuva, jossa kaapinovet on rajattu',
    front: (number: number) => `Ovi ${number}, poista painamalla`,
    count: (count: number) =>
      count === 1 ? '1 ovi tai laatikko valittu' : `${count} ovea tai laatikkoa valittu`,
    modes: {
      label: 'Napautuksen toiminto',
      add: 'Lisää ovi',
      box: 'Rajaa ovi',
      remove: 'Poista alue',
    },
    modeHints: {
      add: 'Napauta ovea, joka puuttuu: rajaamme sen reunoihin asti. Vetämällä voit rajata oven suorakulmiolla.',
      box: 'Vedä suorakulmio oven ympärille. Näppäimistöllä: Enter merkitsee ensin yhden kulman, sitten vastakkaisen.',
      remove:
        'Napauta väärin rajattua aluetta: poistamme sen, tai napauttamasi kohta jää pois itse lisäämästäsi rajauksesta.',
    },
    working: 'Rajataan ovea...',
  },

  step2: '2. Valitse malli',
  patternAlt: (code: string) => `Vinyylimalli ${code}`,
  patternsLabel: 'Vinyylimallit',

  generate: (remaining: number) => `Luo visualisointi (${remaining} jäljellä)`,
  generateAdmin: 'Luo visualisointi',
  generating: 'Luodaan...',
  exhaustedButton: 'Kaikki yritykset käytetty',

  remainingBadge: (remaining: number) => `Ilmaisia visualisointeja jäljellä: ${remaining}/3`,
  adminBadge: 'Admin: rajattomat visualisoinnit',

  exhaustedBanner: 'Olet käyttänyt kaikki 3 ilmaista visualisointiasi.',
  exhaustedLink: 'Pyydä ilmainen tarjous',

  phases: [
    'Aloittaa käsittelyn',
    'Analysoi keittiökuvaa',
    'Tunnistaa pinnat ja materiaalit',
    'Sovittaa vinyylimallia',
    'Luo realistisen renderöinnin',
    'Viimeistelee kuvan laatua',
  ],
  done: 'Valmis!',
  secondsLeft: (seconds: number) => `Arvioitu aika: ${seconds} s`,
  progressLabel: 'Visualisoinnin edistyminen',

  original: 'Alkuperäinen',
  result: (code: string) => `Uusi ilme: ${code}`,
  resultAlt: (code: string) => `Keittiö vinyylimallilla ${code}`,
  download: 'Lataa kuva',
  fullscreen: 'Koko näyttö',
  compare: 'Vertaa ennen ja jälkeen',
  compareSlider: 'Vertailuliukusäädin: vasemmalla alkuperäinen, oikealla uusi ilme',
  close: 'Sulje',
  tryAnother: 'Kokeile toista mallia',
  requestQuote: 'Pyydä tarjous tästä ilmeestä',
  loading: 'Ladataan',

  note: 'Tämä on vain pieni otos yli 700 mallin valikoimastamme. ',
  noteLink: 'Varaa ilmainen konsultaatio',
  noteEnd: ', niin tuomme koko malliston nähtäväksesi.',

  toasts: {
    starting: {
      title: 'Visualisointi käynnistyy',
      description: 'Tämä voi kestää jopa 2 minuuttia. Älä sulje sivua.',
    },
    unsupported: {
      title: 'Tiedostotyyppi ei tuettu',
      description: 'Tuetut muodot: JPEG, JPG, PNG, WebP, HEIC, HEIF, AVIF, BMP, TIFF ja GIF.',
    },
    tooLarge: {
      title: 'Tiedosto liian suuri',
      description: 'Kuvan koko saa olla enintään 15MB.',
    },
    cameraTooLarge: {
      title: 'Kuva liian suuri',
      description: 'Kuvan koko saa olla enintään 15MB.',
    },
    missing: {
      title: 'Puuttuvat tiedot',
      description: 'Lataa ensin keittiökuva ja valitse malli.',
    },
    outOfRenders: {
      title: 'Visualisoinnit loppu',
      description: 'Olet käyttänyt kaikki 3 ilmaista visualisointiasi. Pyydä ilmainen tarjous.',
    },
    limitReached: {
      title: 'Kaikki yritykset käytetty',
      description:
        'Olet käyttänyt kaikki 3 ilmaista visualisointiasi. Ota yhteyttä saadaksesi lisää.',
    },
    failed: {
      title: 'Virhe visualisoinnissa',
      fallback: 'Jokin meni pieleen. Yritä uudelleen.',
    },
    admin: { title: 'Admin-tila aktivoitu', description: 'Rajattomat visualisoinnit käytössä.' },
    reset: { title: 'Visualisointi yritykset nollattu' },
    readFailed: { title: 'Virhe', description: 'Kuvan lukeminen epäonnistui. Yritä uudelleen.' },
    noFronts: {
      title: 'Ei valittuja ovia',
      description: 'Napauta kuvassa ovia ja laatikoita, jotka haluat päällystää.',
    },
  },
} as const;

export const LIMIT_TEXT = 'ilmaista visualisointiasi';
export const thumbnailOf = (code: string) => `/vinyl_patterns/${code}-hd-0.jpg`;
