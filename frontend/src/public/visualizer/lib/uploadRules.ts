import {
  FREE_RERENDER_WINDOW_MS,
  MAX_UPLOAD_BYTES,
  UPLOAD_IMAGE_TYPES,
  type UploadImageType,
} from '#src/contract/visualizer';

const EXTENSIONS: readonly string[] = Object.values(UPLOAD_IMAGE_TYPES).flat();

/**
 * The file input's `accept`: the media types, plus the HEIC/HEIF extensions, which some
 * browsers report with an empty type.
 */
export const ACCEPT_ATTRIBUTE = [...Object.keys(UPLOAD_IMAGE_TYPES), '.heic', '.heif'].join(',');

const isUploadType = (type: string): type is UploadImageType => type in UPLOAD_IMAGE_TYPES;

/** A type the server takes, by the browser's media type or else by the name's extension. */
export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return isUploadType(file.type) || EXTENSIONS.includes(extension);
}

export const isTooLarge = (file: Pick<File, 'size'>) => file.size > MAX_UPLOAD_BYTES;

/** Re-renders of a photo within the window after its first charged render are free, as on the server. */
export const isFreeRerender = (chargedAt: number | undefined, now: number) =>
  chargedAt !== undefined && now - chargedAt < FREE_RERENDER_WINDOW_MS;
