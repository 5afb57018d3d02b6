/** A box in the analysed picture's pixels, its edges inclusive: a front, a piece, a panel. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
