import { PERSONAL_DATA_RETENTION } from '#src/contract/retention.js';
/** Limits and the Finnish texts the visitor sees (docs/product.md#visualizer). */

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Refused from the header alone, before anything is decoded: a decompression bomb stops here. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longest side accepted: a 40,000,000 × 1 image passes the pixel cap but no image library
 * handles it sensibly (JPEG stops at 65,535, WebP at 16,383), and no camera makes one.
 */
export const MAX_INPUT_SIDE = 16_384;
/** Detection runs on a copy of about this many pixels; the mask is scaled back up. */
export const ANALYSIS_PIXELS = 1_000_000;
export const FREE_RENDERS_PER_VISITOR = 3;
export const RETENTION_DAYS = PERSONAL_DATA_RETENTION.visualizationDays;
/** Corrections and re-renders of one upload this long after its first render are free. */
export const FREE_RERENDER_WINDOW_MS = 15 * 60 * 1000;

export const VISITOR_COOKIE = 'visitor';
export const VISITOR_STREAM_TYPE = 'visitor';
/** A visitor's renders form one stream, which the history of a lead from that visitor reads too. */
export const visitorStreamId = (visitorId: string) => `visitor-${visitorId}`;
export const visitorIdFromStream = (streamId: string) => streamId.slice('visitor-'.length);
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
} as const;
