/**
 * Refusals of the public API in Finnish: the site shows `message` per field and keeps `field`
 * and `code` for itself (docs/product.md#refusals-of-the-public-api).
 */

/** One field's refusal: its path as the request named it, the rule it broke, a sentence. */
export interface FieldRefusal {
  /** `customer.email`, `kitchenImage`: the field's path in the request. */
  field: string;
  /** The rule broken, as validation names it: `isEmail`, `maxLength`, `oneLine`, … */
  code: string;
  message: string;
}

/** What the public answers of a refusal hold besides the usual `{statusCode, error, message}`. */
export interface PublicRefusalBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: FieldRefusal[];
}

/** The names visitors see for the fields of the quote, contact, visualizer and analytics calls. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'Etunimi',
  lastName: 'Sukunimi',
  email: 'Sähköpostiosoite',
  phone: 'Puhelinnumero',
  address: 'Osoite',
  city: 'Paikkakunta',
  country: 'Maa',
  message: 'Viesti',
  customer: 'Yhteystiedot',
  doorStyle: 'Ovimalli',
  doors: 'Ovien määrä',
  drawers: 'Laatikoiden määrä',
  metres: 'Työtason pituus',
  patternId: 'Kuosi',
  kitchenImage: 'Keittiön kuva',
  fronts: 'Ovien rajaukset',
  visitorId: 'Vierailijatunnus',
  source: 'Lähde',
  event: 'Tapahtuma',
  page: 'Sivu',
  data: 'Tapahtuman tiedot',
};

const labelOf = (field: string) => FIELD_LABELS[field.split('.').at(-1) ?? ''] ?? 'Kenttä';
const numberIn = (text: string) => /(\d+)/.exec(text)?.[1];

/** Messages for a rule on a particular field, where the general one would say too little. */
const BY_FIELD_AND_CODE: Record<string, string> = {
  'email:isEmail': 'Tarkista sähköpostiosoite, esimerkiksi nimi@esimerkki.fi.',
  'phone:matches': 'Tarkista puhelinnumero, esimerkiksi 040 123 4567.',
  'country:matches': 'Maa annetaan kaksikirjaimisena maakoodina, esimerkiksi FI.',
  'patternId:matches': 'Kuosin koodi ei kelpaa.',
  'fronts:isFrontOutlines': 'Ovien rajauksia voi olla 1–80, kullakin neljä kulmaa kuvan sisällä.',
  'Idempotency-Key:matches': 'Pyynnön tunniste (Idempotency-Key) ei kelpaa.',
};

/** The Finnish sentence for `field` breaking rule `code`; `english` is validation's own text. */
export function finnishFieldMessage(field: string, code: string, english: string): string {
  const name = field.split('.').at(-1) ?? field;
  const special = BY_FIELD_AND_CODE[`${name}:${code}`];
  if (special) return special;
  const label = labelOf(field);
  const n = numberIn(english);
  switch (code) {
    case 'isNotEmpty':
    case 'isDefined':
      return `${label} puuttuu.`;
    case 'maxLength':
      return n ? `${label} on liian pitkä (enintään ${n} merkkiä).` : `${label} on liian pitkä.`;
    case 'minLength':
      return n ? `${label} on liian lyhyt (vähintään ${n} merkkiä).` : `${label} on liian lyhyt.`;
    case 'min':
      return n ? `${label} on liian pieni (vähintään ${n}).` : `${label} on liian pieni.`;
    case 'max':
      return n ? `${label} on liian suuri (enintään ${n}).` : `${label} on liian suuri.`;
    case 'isIn':
    case 'isEnum':
      return `${label}: valitse jokin tarjotuista vaihtoehdoista.`;
    case 'isEmail':
      return 'Tarkista sähköpostiosoite.';
    case 'oneLine':
      return `${label} kirjoitetaan yhdelle riville ilman erikoismerkkejä.`;
    case 'whitelistValidation':
      return `Lomakkeessa on tuntematon kenttä ${field}.`;
    case 'anyQuantity':
      return 'Lisää vähintään yksi mittatieto: ovien, laatikoiden tai työtason metrimäärä.';
    case 'maxBytes':
      return `${label} ovat liian suuret.`;
    case 'noEmail':
      return `${label} eivät saa sisältää sähköpostiosoitteita.`;
    case 'isInt':
      return `${label} annetaan kokonaislukuna.`;
    default:
      // A rule of our own may already speak Finnish (the visualizer's taps); validation's own
      // English always says what a value "must" or "should" be.
      return /\b(must|should)\b/.test(english) ? `${label} ei kelpaa.` : english;
  }
}

/** The answer's own sentence when fields were refused. */
export function finnishFieldsSummary(fields: FieldRefusal[]): string {
  return fields.length === 1
    ? fields[0].message
    : `Tarkista lomakkeen tiedot: ${fields.map((f) => f.message).join(' ')}`;
}

/** Public answers without a field to name, by what went wrong. */
export const PUBLIC_MESSAGES = {
  busy: 'Palvelussa on juuri nyt ruuhkaa. Yritä hetken kuluttua uudelleen.',
  unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä hetken kuluttua uudelleen.',
  tooLarge: 'Lähetetty tieto on liian suuri.',
  malformed: 'Lähetetty tieto ei ole kelvollista JSONia.',
  invalidBody: 'Lähetetty tieto ei kelpaa.',
  notJson: 'Tiedot lähetetään JSON-muodossa (Content-Type: application/json).',
  notFound: 'Osoitetta ei löytynyt.',
  badPath: 'Osoitteessa on merkkejä, joita ei voi käsitellä.',
  serverError: 'Jokin meni pieleen. Yritä hetken kuluttua uudelleen.',
  damagedFile: 'Tallennettu tiedosto on vioittunut, eikä sitä voi näyttää.',
} as const;
