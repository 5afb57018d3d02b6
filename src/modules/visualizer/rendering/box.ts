/** A box in the analysed picture's pixels, its edges inclusive: a front, a piece, a panel. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The share of `box`'s pixels that are set (non-zero) in `pixels`, a picture `width` wide. */
export function setShare(pixels: Uint8Array, width: number, box: Box): number {
  let set = 0;
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) if (pixels[y * width + x]) set++;
  }
  return set / Math.max(1, (box.maxX - box.minX + 1) * (box.maxY - box.minY + 1));
}
