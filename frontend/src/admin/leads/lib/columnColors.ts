import type { ColumnColor } from '#src/contract/pipeline';

/** Swatches for the pipeline colours: an accent dark enough for text (WCAG AA) on its light background. */
export const COLUMN_SWATCHES: Record<ColumnColor, { accent: string; background: string }> = {
  red: { accent: '#b71c1c', background: '#fdecea' },
  orange: { accent: '#a84300', background: '#fff3e0' },
  yellow: { accent: '#7a5c00', background: '#fffbe6' },
  green: { accent: '#1b5e20', background: '#edf7ed' },
  blue: { accent: '#0d47a1', background: '#e8f1fb' },
  purple: { accent: '#6a1b9a', background: '#f5ebf9' },
  pink: { accent: '#ad1457', background: '#fce4ec' },
  gray: { accent: '#424242', background: '#f2f2f2' },
};

export const colorName = (color: ColumnColor) => color[0].toUpperCase() + color.slice(1);
