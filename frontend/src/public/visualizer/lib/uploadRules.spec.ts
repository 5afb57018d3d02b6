import { describe, expect, it } from '@jest/globals';
import { FREE_RERENDER_WINDOW_MS, MAX_UPLOAD_BYTES } from '#src/contract/visualizer';
import { ACCEPT_ATTRIBUTE, isAcceptedImage, isFreeRerender, isTooLarge } from './uploadRules';

describe('isAcceptedImage', () => {
  it('should take a type the server decodes, by its media type', () => {
    expect(isAcceptedImage({ name: 'keittio', type: 'image/avif' })).toBe(true);
  });

  it('should take a HEIC photo the browser reports without a type, by its extension', () => {
    expect(isAcceptedImage({ name: 'IMG_0042.HEIC', type: '' })).toBe(true);
  });

  it.each([
    { name: 'kitchen.svg', type: 'image/svg+xml' },
    { name: 'kitchen.pdf', type: 'application/pdf' },
    { name: 'jpg', type: '' },
  ])('should refuse $name', (file) => {
    expect(isAcceptedImage(file)).toBe(false);
  });

  it('should offer every accepted media type to the file picker', () => {
    expect(ACCEPT_ATTRIBUTE.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/heic', 'image/tiff', '.heic']),
    );
  });
});

describe('isTooLarge', () => {
  it('should allow exactly the limit and refuse a byte more', () => {
    expect(isTooLarge({ size: MAX_UPLOAD_BYTES })).toBe(false);
    expect(isTooLarge({ size: MAX_UPLOAD_BYTES + 1 })).toBe(true);
  });
});

describe('isFreeRerender', () => {
  const chargedAt = 1_700_000_000_000;

  it('should be free inside the window after the charged render', () => {
    expect(isFreeRerender(chargedAt, chargedAt + FREE_RERENDER_WINDOW_MS - 1)).toBe(true);
  });

  it('should cost again once the window is over, or before any charged render', () => {
    expect(isFreeRerender(chargedAt, chargedAt + FREE_RERENDER_WINDOW_MS)).toBe(false);
    expect(isFreeRerender(undefined, chargedAt)).toBe(false);
  });
});
