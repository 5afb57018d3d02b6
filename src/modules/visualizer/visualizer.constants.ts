import { MAX_TAPS_PER_UPLOAD } from '#src/contract/visualizer.js';
import { PERSONAL_DATA_RETENTION } from '#src/contract/retention.js';
/** Limits and the Finnish texts the visitor sees (docs/product.md#visualizer). */

export {
  FREE_RENDERS_PER_VISITOR,
  FREE_RERENDER_WINDOW_MS,
  MAX_INPUT_PIXELS,
  MAX_INPUT_SIDE,
  MAX_TAPS_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
} from '#src/contract/visualizer.js';
/** Detection runs on a copy of about this many pixels; the mask is scaled back up. */
export const ANALYSIS_PIXELS = 1_000_000;
export const RETENTION_DAYS = PERSONAL_DATA_RETENTION.visualizationDays;

export const VISITOR_COOKIE = 'visitor';
export const VISITOR_STREAM_TYPE = 'visitor';
/** A visitor's renders form one stream, which the history of a lead from that visitor reads too. */
export const visitorStreamId = (visitorId: string) => `visitor-${visitorId}`;
export const visitorIdFromStream = (streamId: string) => streamId.slice('visitor-'.length);
/**
 * A visitor as the erasure ledger lists them: the visitor of an erased lead, whose photos a
 * restore forgets again (the lead's own record of its visitor is shredded with its key).
 */
export const visitorSubjectId = (visitorId: string) => `visitor:${visitorId}`;
export const visitorIdOfSubject = (subjectId: string) =>
  subjectId.startsWith('visitor:') ? subjectId.slice('visitor:'.length) : null;
export const VISUALIZATION_GENERATED = 'VisualizationGenerated';

export const SUPPORTED_FORMATS_TEXT = 'JPEG, JPG, PNG, WebP, HEIC, HEIF, AVIF, BMP, TIFF tai GIF';

export const MESSAGES = {
  limitReached: 'Olet käyttänyt kaikki 3 ilmaista visualisointiasi. Ota yhteyttä saadaksesi lisää.',
  tooLarge: 'Tiedosto liian suuri. Kuvan koko saa olla enintään 15MB.',
  tooManyPixels: 'Kuvan resoluutio on liian suuri. Kuvassa saa olla enintään 40 megapikseliä.',
  sideTooLong: 'Kuva on liian leveä tai korkea. Kumpikin sivu saa olla enintään 16384 pikseliä.',
  unsupportedType: `Tiedostotyyppi ei tuettu. Tuetut muodot: ${SUPPORTED_FORMATS_TEXT}.`,
  undecodable: 'Kuvaa ei voitu lukea. Tiedosto voi olla vioittunut; kokeile toista kuvaa.',
  notBase64: 'kitchenImage on oltava kuvan base64-sisältö ilman data-URL-etuliitettä.',
  unknownPattern: 'Tuntematon malli. Valitse malli valikoimasta.',
  noCabinets:
    'Kuvasta ei löytynyt kaapinovia automaattisesti. Merkitse ovet ja laatikot napauttamalla niitä kuvassa, niin ne päällystetään.',
  busy: 'Visualisointeja on juuri nyt jonossa paljon. Yritä hetken kuluttua uudelleen.',
  providerFailed: 'Visualisointipalvelu ei juuri nyt vastaa. Yritä hetken kuluttua uudelleen.',
  renderFailed: 'Visualisointi epäonnistui. Yritä uudelleen.',
  tapUploadUnknown:
    'Kuvaa ei löytynyt tai sen muokkausaika on päättynyt. Lataa kuva uudelleen, niin voit jatkaa ovien merkitsemistä.',
  tooManyTaps: `Yhteen kuvaan voi tehdä enintään ${MAX_TAPS_PER_UPLOAD} napautusta. Lataa kuva uudelleen jatkaaksesi.`,
  tapOutside: 'Napautus osui kuvan ulkopuolelle. Napauta ovea kuvan sisällä.',
  tapEmpty: 'Napauta ovea tai rajaa se vetämällä: napautus tarvitsee kohdan tai rajauksen.',
  tapFoundNothing:
    'Napautetusta kohdasta ei löytynyt ovea. Napauta oven keskelle tai rajaa ovi vetämällä sen ympäri.',
} as const;
