import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { Refusal, type RefusalCode } from '#src/platform/domain/refusal.js';
import type { SourceDecoder } from '../rendering/render-job.js';
import {
  MAX_INPUT_PIXELS,
  MAX_INPUT_SIDE,
  MAX_UPLOAD_BYTES,
  MESSAGES,
} from '../visualizer.constants.js';

export type UploadProblem = 'not-base64' | 'too-large' | 'too-many-pixels' | 'unsupported-type';

const REFUSAL_CODES: Record<UploadProblem, RefusalCode> = {
  'not-base64': 'invalid',
  'too-large': 'too_large',
  'too-many-pixels': 'too_large',
  'unsupported-type': 'unsupported_media_type',
};

export class UploadRejected extends Refusal {
  constructor(
    readonly problem: UploadProblem,
    message: string,
  ) {
    super(REFUSAL_CODES[problem], message);
  }
}

export interface InspectedUpload {
  bytes: Buffer;
  mime: string;
  decoder: SourceDecoder;
  width: number;
  height: number;
}

/** Types by their magic bytes, never by a name or a claimed content type. */
const DECODERS: Record<string, SourceDecoder> = {
  'image/jpeg': 'sharp',
  'image/png': 'sharp',
  'image/webp': 'sharp',
  'image/gif': 'sharp',
  'image/tiff': 'sharp',
  'image/avif': 'sharp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
  'image/bmp': 'bmp',
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Everything about an upload that can be known without decoding it: valid base64, at most
 * 15 MB, an allowed image type by content, and a pixel count and side lengths read from the
 * header so a small file that would inflate to gigabytes is refused in milliseconds.
 */
export async function inspectUpload(base64: string): Promise<InspectedUpload> {
  if (base64.length % 4 === 1 || !BASE64.test(base64)) {
    throw new UploadRejected('not-base64', MESSAGES.notBase64);
  }
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > MAX_UPLOAD_BYTES) {
    throw new UploadRejected('too-large', MESSAGES.tooLarge);
  }
  const bytes = Buffer.from(base64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  const decoder = type && DECODERS[type.mime];
  if (!type || !decoder) throw new UploadRejected('unsupported-type', MESSAGES.unsupportedType);
  const size = await readDimensions(bytes, decoder);
  if (!size || size.width < 1 || size.height < 1) {
    throw new UploadRejected('unsupported-type', MESSAGES.undecodable);
  }
  if (size.width * size.height > MAX_INPUT_PIXELS) {
    throw new UploadRejected('too-many-pixels', MESSAGES.tooManyPixels);
  }
  if (Math.max(size.width, size.height) > MAX_INPUT_SIDE) {
    throw new UploadRejected('too-many-pixels', MESSAGES.sideTooLong);
  }
  return { bytes, mime: type.mime, decoder, ...size };
}

async function readDimensions(
  bytes: Buffer,
  decoder: SourceDecoder,
): Promise<{ width: number; height: number } | undefined> {
  if (decoder === 'bmp') return bmpDimensions(bytes);
  if (decoder === 'heic') return heifDimensions(bytes);
  try {
    // Header only: metadata() does not decode pixels, and the pixel limit is ours to apply.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const height = metadata.pageHeight ?? metadata.height;
    return metadata.width && height ? { width: metadata.width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** BITMAPINFOHEADER: width and height (negative for top-down rows) at fixed offsets. */
function bmpDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 26) return undefined;
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

/**
 * HEIF stores each image's size in an `ispe` property box; the largest one is the full picture
 * (a grid of tiles has one for the whole and one per tile).
 */
function heifDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  let best: { width: number; height: number } | undefined;
  const limit = Math.min(bytes.length - 16, 1024 * 1024);
  for (let at = bytes.indexOf('ispe'); at >= 0 && at <= limit; at = bytes.indexOf('ispe', at + 4)) {
    const width = bytes.readUInt32BE(at + 8);
    const height = bytes.readUInt32BE(at + 12);
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}
