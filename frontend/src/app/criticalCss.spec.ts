import { describe, expect, it } from '@jest/globals';
import { criticalRules } from './criticalCss';

describe('criticalRules', () => {
  const inserted = {
    baseline: 'html{box-sizing:border-box;}body{margin:0;}',
    used: '.css-used{color:red;}',
    spinner: '.css-spinner{animation:animation-spin 1s linear infinite;}',
    'animation-spin': '@keyframes animation-spin{to{transform:rotate(1turn);}}',
    pulsing: '.css-pulsing{animation:animation-pulse 1s infinite;}',
    'animation-pulse': '@-webkit-keyframes animation-pulse{50%{opacity:.5;}}',
    registered: true as const,
  };

  it('should keep the global rules and the class rules the markup uses, with their keyframes', () => {
    const html = '<div class="css-used"><span class="MuiBox-root css-pulsing"></span></div>';

    expect(criticalRules(inserted, html).map(([id]) => id)).toEqual([
      'baseline',
      'used',
      'pulsing',
      'animation-pulse',
    ]);
  });

  it('should drop a rule only a replaced fallback used, and the keyframes it animated with', () => {
    const ids = criticalRules(inserted, '<p class="css-used"></p>').map(([id]) => id);

    expect(ids).not.toContain('spinner');
    expect(ids).not.toContain('animation-spin');
  });

  it('should match whole class names, not a class that merely starts the same', () => {
    const ids = criticalRules(inserted, '<p class="css-usedToo css-spinnerX"></p>').map(
      ([id]) => id,
    );

    expect(ids).toEqual(['baseline']);
  });
});
