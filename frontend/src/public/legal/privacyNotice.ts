import type { LegalDocument } from './legalDocument';
import { RETENTION, years } from './retentionPeriods';

/** /legal: the full privacy notice; its retention periods are docs/product.md#retention. */
export const privacyNotice: LegalDocument = {
  title: 'Tietosuojailmoitus',
  metaTitle: 'Tietosuojailmoitus – Keittiökalvo',
  description:
    'Tietosuojailmoitus: miten {company} käsittelee asiakkaiden, tarjouspyyntöjen ja verkkosivuston kävijöiden henkilötietoja.',
  intro:
    'Tässä ilmoituksessa kerromme, miten käsittelemme henkilötietojasi, kun pyydät tarjousta, otat meihin yhteyttä, käytät keittiövisualisoijaa tai vierailet verkkosivustollamme. Noudatamme EU:n yleistä tietosuoja-asetusta (2016/679) ja Suomen tietosuojalakia (1050/2018).',
  validFrom: '1.1.2025',
  updated: '15.5.2025',
  sections: [
    {
      heading: 'Rekisterinpitäjä ja yhteystiedot',
      paragraphs: [
        'Henkilötietojesi rekisterinpitäjä on {company}. Tietosuojaa koskevissa asioissa tavoitat meidät sähköpostitse osoitteesta {email} tai puhelimitse numerosta {phone}.',
      ],
    },
    {
      heading: 'Ilmoituksen soveltamisala',
      paragraphs: [
        'Ilmoitus koskee verkkosivustoamme, hintalaskuria, yhteydenottolomaketta, keittiövisualisoijaa sekä asiakaspalvelua ja myyntiä, jossa käytämme sivustolta saatuja tietoja.',
      ],
    },
    {
      heading: 'Keiden tietoja käsittelemme',
      list: [
        'tarjouspyynnön hintalaskurilla jättäneet henkilöt',
        'yhteydenottolomakkeella, sähköpostilla tai puhelimitse yhteyttä ottaneet henkilöt',
        'keittiövisualisoijan käyttäjät',
        'verkkosivuston kävijät',
        'asiakkaamme ja heidän yhteyshenkilönsä',
      ],
    },
    {
      heading: 'Käsiteltävät tietoryhmät',
      list: [
        'yhteystiedot: nimi, sähköpostiosoite, puhelinnumero, osoite ja kaupunki',
        'tarjoustiedot: ovityyli, ovien ja laatikoiden määrä, työtason pituus, hinta-arvio ja valittu kalvomalli',
        'viestit: tarjouspyynnön lisätiedot, yhteydenottojen sisältö ja sähköpostikirjeenvaihto',
        'visualisoijaan ladatut keittiökuvat ja niistä luodut kuvat',
        'tekniset tiedot: IP-osoitteesta muodostettu tunniste väärinkäytösten estämiseksi, selaimen evästevalinta ja nimettömät sivunkatselutiedot',
      ],
    },
    {
      heading: 'Mistä tiedot saadaan',
      paragraphs: [
        'Saamme tiedot sinulta itseltäsi, kun täytät lomakkeen, lataat kuvan tai olet yhteydessä meihin. Tekniset tiedot syntyvät, kun käytät verkkosivustoa.',
      ],
    },
    {
      heading: 'Käsittelyn tarkoitukset',
      list: [
        'tarjousten laatiminen ja lähettäminen sekä niihin liittyvä yhteydenpito',
        'asiakaspalvelu, mittauskäyntien sopiminen ja sopimusten toteuttaminen',
        'visualisointien tuottaminen ladatuista kuvista',
        'palvelun turvallisuus ja väärinkäytösten estäminen',
        'verkkosivuston kehittäminen nimettömien käyttötilastojen avulla',
        'markkinoinnin tuloksellisuuden mittaaminen, jos olet antanut siihen suostumuksen',
      ],
    },
    {
      heading: 'Käsittelyn oikeusperusteet',
      list: [
        'sopimus ja sopimusta edeltävät toimenpiteet: tarjouspyynnöt ja niiden käsittely (tietosuoja-asetuksen 6 artiklan 1 kohdan b alakohta)',
        'oikeutettu etu: yhteydenottoihin vastaaminen, asiakassuhteen hoitaminen ja palvelun turvallisuus (f alakohta)',
        'suostumus: markkinointievästeet ja Meta-pikseli (a alakohta); voit perua suostumuksen milloin tahansa',
        'lakisääteinen velvoite: kirjanpitoon liittyvät tiedot (c alakohta)',
      ],
    },
    {
      heading: 'Säilytysajat',
      list: [
        `tarjouspyynnöt: ${years(RETENTION.quoteLeadYears)} viimeisestä yhteydenpidosta`,
        `visualisoijaan ladatut keittiökuvat ja niistä luodut kuvat: ${RETENTION.visualizationDays} päivää visualisoinnista`,
        `asiakaspalvelun tiedot: ${years(RETENTION.contactYears)} viimeisestä yhteydenotosta`,
        `evästeet: enintään ${RETENTION.cookieMonths} kuukautta`,
        'kirjanpitoaineisto: kirjanpitolain edellyttämän ajan',
      ],
      after: ['Säilytysajan päätyttyä tiedot poistetaan tai tehdään pysyvästi lukukelvottomiksi.'],
    },
    {
      heading: 'Tietoturva',
      paragraphs: [
        'Henkilötiedot suojataan salattuina sekä tiedonsiirrossa että tallennettuina. Pääsy tietoihin on vain niitä työssään tarvitsevilla työntekijöillä, jotka kirjautuvat henkilökohtaisilla tunnuksilla. Jokaisesta tietoihin tehdystä muutoksesta jää lokimerkintä, ja tiedoista otetaan säännöllisesti varmuuskopiot.',
      ],
    },
    {
      heading: 'Henkilötietojen käsittelijät ja luovutukset',
      paragraphs: [
        'Käytämme luotettavia palveluntarjoajia, jotka käsittelevät tietoja lukuumme ja ohjeidemme mukaisesti tietojenkäsittelysopimusten perusteella:',
      ],
      list: [
        'palvelin- ja tallennuspalvelut',
        'sähköpostipalvelu tarjousten ja viestien lähettämiseen',
        'tekoälypohjainen kuvankäsittelypalvelu visualisointien tuottamiseen',
        'Meta Platforms mainonnan mittaamiseen, vain suostumuksellasi',
      ],
      after: [
        'Emme myy henkilötietoja emmekä luovuta niitä muille kuin edellä mainituille, ellei laki sitä edellytä.',
      ],
    },
    {
      heading: 'Tietojen siirrot EU:n ja ETA:n ulkopuolelle',
      paragraphs: [
        'Osa palveluntarjoajistamme käsittelee tietoja Yhdysvalloissa ja Kanadassa. Siirrot Yhdysvaltoihin perustuvat EU:n ja Yhdysvaltojen väliseen tietosuojakehykseen (Data Privacy Framework) tai Euroopan komission vakiosopimuslausekkeisiin. Siirrot Kanadaan perustuvat Euroopan komission tietosuojan riittävyyttä koskevaan päätökseen. Tarvittaessa käytämme lisäksi teknisiä suojatoimia, kuten salausta.',
      ],
    },
    {
      heading: 'Evästeet',
      paragraphs: [
        'Käytämme välttämättömiä evästeitä ja selaimen tallennustilaa sivuston toimintaan, kuten evästevalintasi ja visualisoinnin ilmaiskertojen muistamiseen. Käyttötilastot keräämme nimettöminä ilman evästeitä. Markkinointiin käytettävä Meta-pikseli ladataan vain, jos valitset evästeilmoituksessa ”Hyväksy kaikki”. Voit muuttaa valintaasi tyhjentämällä selaimen tallennetut tiedot, jolloin evästeilmoitus näytetään uudelleen.',
      ],
    },
    {
      heading: 'Sinun oikeutesi',
      list: [
        'oikeus saada pääsy tietoihisi',
        'oikeus tietojen oikaisemiseen',
        'oikeus tietojen poistamiseen',
        'oikeus käsittelyn rajoittamiseen',
        'oikeus vastustaa käsittelyä',
        'oikeus siirtää tiedot järjestelmästä toiseen',
        'oikeus peruuttaa suostumus milloin tahansa',
      ],
      after: [
        'Tietojesi tarkastaminen ja siirtäminen: lähetä pyyntö osoitteeseen {email} siitä sähköpostiosoitteesta, jota käytit tarjouspyynnössä tai yhteydenotossa. Toimitamme kaikki sinusta tallennetut tiedot (tarjouspyynnöt, viestit, sähköpostikirjeenvaihdon, niiden käsittelyhistorian ja visualisointiesi kuvat) yhtenä zip-tiedostona, jossa tiedot ovat koneluettavassa JSON-muodossa ja kuvat sellaisinaan. Varmistamme ensin, että pyyntö tulee sinulta, ja vastaamme viimeistään kuukauden kuluessa.',
        'Voit käyttää oikeuksiasi ottamalla yhteyttä osoitteeseen {email}. Jos katsot, että tietojasi käsitellään lainvastaisesti, voit tehdä valituksen tietosuojavaltuutetun toimistolle (tietosuoja.fi).',
      ],
    },
    {
      heading: 'Muutokset tähän ilmoitukseen',
      paragraphs: [
        'Päivitämme tätä ilmoitusta, kun palvelumme tai lainsäädäntö muuttuu. Ajantasainen versio on aina saatavilla tällä sivulla, ja sivun alussa kerrotaan viimeisimmän päivityksen päivämäärä. Merkittävistä muutoksista ilmoitamme lisäksi sivustolla.',
      ],
    },
  ],
};
