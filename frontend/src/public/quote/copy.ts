import type { DoorStyle } from '#src/contract/leads';

/** Finnish copy of the quote wizard (docs/product.md#quote-wizard), in one place for a marketer. */
export const quoteCopy = {
  title: 'Hintalaskuri – Keittiökalvo',
  description:
    'Pyydä tarjous keittiön kalvotuksesta neljässä vaiheessa: valitse ovityyli, anna mitat ja yhteystiedot. Hinnat alkaen 950 € sis. ALV.',
  heading: 'Hintalaskuri',
  steps: ['Tyyli', 'Määrät', 'Yhteystiedot', 'Valmis'],
  stepCounter: (step: number) => `Vaihe ${step} / 4`,
  close: 'Sulje ja palaa etusivulle',
  next: 'Seuraava',
  back: 'Takaisin',
  backHome: 'Takaisin etusivulle',
  patternNotice: (code: string) =>
    `Tarjouspyyntöön liitetään visualisoijassa valitsemasi malli ${code}.`,
  style: {
    heading: 'Valitse ovityyli',
    lead: 'Valitse keittiösi ovia parhaiten vastaava tyyli.',
    options: [
      {
        value: 'Kehysovi',
        image: '/images/doors/kehysovi.jpg',
        text: 'Klassinen kehystetty ovi, jossa upotettu keskipaneeli.',
      },
      {
        value: 'Uritettu',
        image: '/images/doors/uritettu.jpg',
        text: 'Pystyuritettu pinta tuo keittiöön rytmiä ja syvyyttä.',
      },
      {
        value: 'Tasapintainen',
        image: '/images/doors/tasapintainen.jpg',
        text: 'Sileä ja ajaton ovi, joka sopii jokaiseen keittiöön.',
      },
      {
        value: 'Vetimetön',
        image: '/images/doors/vetimeton.jpg',
        text: 'Pelkistetty ovi ilman vetimiä, avautuu otelistasta.',
      },
    ] satisfies { value: DoorStyle; image: string; text: string }[],
  },
  quantities: {
    heading: 'Määrät',
    lead: 'Kerro kalvotettavien ovien ja laatikoiden määrä sekä työtason pituus.',
    doors: 'Ovien määrä',
    drawers: 'Laatikoiden määrä',
    metres: 'Työtason pituus (m)',
    worktopOnlyHint:
      'Jos haluat tarjouksen vain työtasosta, merkitse ovien ja laatikoiden määräksi 0.',
    metresHint:
      'Mittaa työtasot päästä päähän, laske pituudet yhteen ja pyöristä ylöspäin täysiin metreihin. Merkitse 0, jos työtasoa ei tarvitse kalvottaa.',
    noQuantities:
      'Lisää vähintään yksi mittatieto jatkaaksesi. Kerro ovien, laatikoiden tai työtason metrimäärä.',
  },
  contact: {
    heading: 'Yhteystiedot',
    lead: 'Lähetämme tarjouksen sähköpostiisi. Tähdellä (*) merkityt kentät ovat pakollisia.',
    firstName: 'Etunimi',
    lastName: 'Sukunimi',
    email: 'Sähköposti',
    phone: 'Puhelinnumero',
    address: 'Osoite',
    city: 'Kaupunki',
    message: 'Viesti (vapaaehtoinen)',
    messagePlaceholder: 'Kerro halutessasi lisätietoja keittiöstäsi',
    required: 'Pakollinen tieto',
    invalidEmail: 'Tarkista sähköpostiosoite, esim. nimi@esimerkki.fi',
    refused: 'Tarkista tieto',
    submit: 'Lähetä tarjouspyyntö',
    sending: 'Lähetetään...',
  },
  done: {
    heading: 'Hyvin tehty!',
    text: 'Saat tarjouksen sähköpostiisi hetken kuluttua.',
    summary: 'Tarjouspyyntösi',
    doorStyle: 'Ovityyli',
    doors: 'Ovet',
    drawers: 'Laatikot',
    metres: 'Työtaso',
    total: 'Hinta-arvio sis. ALV',
    newQuote: 'Uusi tarjous',
  },
  toasts: {
    sent: 'Tarjous lähetetty!',
    sentText: 'Saat tarjouksen sähköpostiisi hetken kuluttua.',
    missingTitle: 'Puutteelliset tiedot',
    missingText: 'Täytä kaikki pakolliset kentät',
    errorTitle: 'Virhe',
    errorFallback: 'Tarjouksen lähettäminen epäonnistui',
    checkFields: 'Tarkista merkityt kentät ja lähetä uudelleen.',
  },
} as const;
