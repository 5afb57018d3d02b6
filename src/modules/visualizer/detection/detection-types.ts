/** The data passed from stage to stage of front detection (see detect-fronts.ts). */

/** A corner in working pixels. */
export type Corner = readonly [number, number];

/** Four corners clockwise from the top left, in working pixels. */
export type Quad = readonly [Corner, Corner, Corner, Corner];

/** A straight segment in working pixels. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The picture as the stages read it: scaled to the working width. */
export interface WorkingPicture {
  width: number;
  height: number;
  /** How many source pixels one working pixel is. */
  scale: number;
  /** Contrast-stretched grey, one byte a pixel. */
  grey: Uint8Array;
  /** CIE Lab, three bytes a pixel (OpenCV's 8-bit scaling). */
  lab: Uint8Array;
}

/** Edge stage's output: 255 on an edge (Canny's and the straight segments drawn in), else 0. */
export interface EdgeMap {
  width: number;
  height: number;
  edges: Uint8Array;
  segments: Segment[];
}

/** A closed region of the picture that is four-cornered, with what its interior reads. */
export interface Candidate {
  quad: Quad;
  /** Area of the quadrilateral, working pixels. */
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Share of the interior (margin left out) that is edge pixels. */
  edgeShare: number;
  /** Mean grey and mean Lab of the interior. */
  grey: number;
  lab: readonly [number, number, number];
  /** Mean Lab of the rim round the interior, its edge pixels left out. */
  rimLab: readonly [number, number, number];
}

/** The named numbers of a parameters object, whatever values another detector gives them. */
export type NumbersOf<P, K extends keyof P> = { readonly [N in K]: number };
