/**
 * The theme's amber (secondary) is too light for white button text (WCAG AA needs 4.5:1);
 * this darker amber keeps the accent and reaches 5.6:1.
 */
export const accentButtonSx = {
  bgcolor: '#9a561c',
  color: '#fff',
  '&:hover': { bgcolor: '#7f4614' },
} as const;

export const ACCENT_TEXT = '#8a4d17';
