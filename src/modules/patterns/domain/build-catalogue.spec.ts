import { CATALOGUE_JSON } from '#src/modules/patterns/data/catalogue.data.js';
import { VISUALIZER_PATTERN_CODES } from '#src/contract/visualizer.js';
import { buildCatalogue, deriveParams } from './build-catalogue.js';
import { PATTERN_CODE, PATTERN_FAMILIES } from './pattern.js';

describe('buildCatalogue', () => {
  const catalogue = buildCatalogue();

  it('should match the committed data (regenerate with data/write-catalogue.ts)', () => {
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(JSON.parse(CATALOGUE_JSON));
  });

  it('should hold about 600 unique, well-formed codes', () => {
    const ids = catalogue.map((entry) => entry.id);
    expect(ids.length).toBeGreaterThanOrEqual(550);
    expect(ids.length).toBeLessThanOrEqual(650);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !PATTERN_CODE.test(id))).toEqual([]);
  });

  it("should include the visualizer's 12 codes", () => {
    const ids = new Set(catalogue.map((entry) => entry.id));
    expect(VISUALIZER_PATTERN_CODES.filter((code) => !ids.has(code))).toEqual([]);
  });

  it('should describe each code the way the spec shows it', () => {
    const nh10 = catalogue.find((entry) => entry.id === 'NH10');
    expect(nh10).toMatchObject({
      name: 'NH10',
      description: 'Pattern NH10',
      family: 'wood',
      imagePath: '/vinyl_patterns/NH10-hd-0.jpg',
    });
  });

  it('should use every family', () => {
    const families = new Set(catalogue.map((entry) => entry.family));
    expect([...families].sort()).toEqual([...PATTERN_FAMILIES].sort());
  });
});

describe('deriveParams', () => {
  it('should give the same parameters for the same code', () => {
    expect(deriveParams('CT24', 'concrete')).toEqual(deriveParams('CT24', 'concrete'));
  });

  it('should keep colours within 0–255', () => {
    for (const entry of buildCatalogue()) {
      for (const colour of [entry.params.base, entry.params.secondary, entry.params.accent]) {
        expect(
          colour.every((channel) => Number.isInteger(channel) && channel >= 0 && channel <= 255),
        ).toBe(true);
      }
    }
  });
});
