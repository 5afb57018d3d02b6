/** How well a tile continues into its neighbours, from raw RGB bytes (mean absolute channel steps). */
export interface SeamReport {
  /** Step from the last column to the first: what a viewer sees where tiles meet side by side. */
  horizontalSeam: number;
  /** Step from the last row to the first. */
  verticalSeam: number;
  /** Average step between neighbouring columns inside the tile: its own busyness across x. */
  columnStep: number;
  /** Average step between neighbouring rows inside the tile. */
  rowStep: number;
}

// A module constant, not Math.abs in the loop: global lookups are slow inside a vm context (Jest).
const { abs } = Math;

function step(pixels: Uint8Array, size: number, a: number, b: number, alongRows: boolean): number {
  let sum = 0;
  for (let i = 0; i < size; i++) {
    const p = (alongRows ? a * size + i : i * size + a) * 3;
    const q = (alongRows ? b * size + i : i * size + b) * 3;
    sum +=
      abs(pixels[p] - pixels[q]) +
      abs(pixels[p + 1] - pixels[q + 1]) +
      abs(pixels[p + 2] - pixels[q + 2]);
  }
  return sum / (size * 3);
}

function meanInteriorStep(pixels: Uint8Array, size: number, alongRows: boolean): number {
  let total = 0;
  for (let line = 0; line < size - 1; line++)
    total += step(pixels, size, line, line + 1, alongRows);
  return total / (size - 1);
}

export function measureSeams(pixels: Uint8Array, size: number): SeamReport {
  return {
    horizontalSeam: step(pixels, size, size - 1, 0, false),
    verticalSeam: step(pixels, size, size - 1, 0, true),
    columnStep: meanInteriorStep(pixels, size, false),
    rowStep: meanInteriorStep(pixels, size, true),
  };
}

/** A seam is no more visible than a typical step between two neighbouring lines inside the tile. */
export function isSeamless(report: SeamReport, tolerance = 2): boolean {
  return (
    report.horizontalSeam <= report.columnStep * 1.5 + tolerance &&
    report.verticalSeam <= report.rowStep * 1.5 + tolerance
  );
}
