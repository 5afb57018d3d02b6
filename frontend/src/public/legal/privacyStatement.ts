import type { LegalDocument } from './legalDocument';
import { RETENTION, years } from './retentionPeriods';

/** /privacy: the short privacy statement (docs/product.md#public-site). */
export const privacyStatement: LegalDocument = {
  title: 'Tietosuojaseloste',
  metaTitle: 'Tietosuojaseloste – Keittiökalvo',
  description:
    'Tietosuojaseloste: mitä tietoja {company} kerää, mihin niitä käytetään ja miten voit käyttää oikeuksiasi.',
  intro:
    'Tämä seloste kertoo tiiviisti, miten käsittelemme henkilötietojasi. Tarkemmat tiedot löydät tietosuojailmoituksestamme.',
  validFrom: '1.1.2025',
  sections: [
    {
      heading: 'Rekisterinpitäjä',
      paragraphs: ['{company}, sähköposti {email}, puhelin {phone}. Palvelualue Uusimaa.'],
    },
    {
      heading: 'Kerättävät tiedot',
      list: [
        'nimi, sähköpostiosoite, puhelinnumero ja osoite',
        'tarjouspyynnön tiedot: ovityyli, määrät, työtason pituus ja viesti',
        'yhteydenottojen ja sähköpostien sisältö',
        'visualisoijaan ladatut keittiökuvat',
        'nimettömät sivunkatselutiedot ja evästevalintasi',
      ],
    },
    {
      heading: 'Käyttötarkoitus',
      paragraphs: [
        'Käytämme tietoja tarjousten laatimiseen, yhteydenottoihin vastaamiseen, asiakassuhteen hoitamiseen, visualisointien tuottamiseen, palvelun turvallisuuteen ja kehittämiseen sekä – suostumuksellasi – markkinoinnin mittaamiseen.',
      ],
    },
    {
      heading: 'Evästeet',
      paragraphs: [
        `Välttämättömät evästeet ja selaimen tallennustila ovat aina käytössä. Meta-pikseli ladataan vain, jos hyväksyt kaikki evästeet. Valinta säilyy selaimessasi, ja evästeiden enimmäissäilytysaika on ${RETENTION.cookieMonths} kuukautta.`,
      ],
    },
    {
      heading: 'Säilytys',
      list: [
        `tarjouspyynnöt ${years(RETENTION.quoteLeadYears)} viimeisestä yhteydenpidosta`,
        `keittiökuvat ${RETENTION.visualizationDays} päivää visualisoinnista`,
        `asiakaspalvelun tiedot ${years(RETENTION.contactYears)} viimeisestä yhteydenotosta`,
        `evästeet enintään ${RETENTION.cookieMonths} kuukautta`,
      ],
    },
    {
      heading: 'Oikeutesi',
      paragraphs: [
        'Sinulla on oikeus tarkastaa tietosi, pyytää niiden oikaisemista tai poistamista, rajoittaa tai vastustaa käsittelyä, siirtää tietosi sekä peruuttaa antamasi suostumus. Voit myös tehdä valituksen tietosuojavaltuutetun toimistolle.',
        'Tietojesi tarkastaminen ja siirtäminen: lähetä pyyntö osoitteeseen {email} siitä sähköpostiosoitteesta, jota käytit tarjouspyynnössä tai yhteydenotossa. Toimitamme kaikki sinusta tallennetut tiedot (tarjouspyynnöt, viestit, sähköpostikirjeenvaihdon, niiden käsittelyhistorian ja visualisointiesi kuvat) yhtenä zip-tiedostona, jossa tiedot ovat koneluettavassa JSON-muodossa ja kuvat sellaisinaan. Varmistamme ensin, että pyyntö tulee sinulta, ja vastaamme viimeistään kuukauden kuluessa.',
      ],
    },
    {
      heading: 'Tietoturva',
      paragraphs: [
        'Tiedot suojataan salauksella, pääsy on rajattu sitä työssään tarvitseville, muutokset kirjataan lokiin ja tiedoista otetaan säännölliset varmuuskopiot.',
      ],
    },
    {
      heading: 'Yhteystiedot',
      paragraphs: [
        'Tietosuojaa koskevat kysymykset ja pyynnöt: {email} tai {phone}. Vastaamme pyyntöihin viimeistään kuukauden kuluessa.',
      ],
    },
  ],
};
