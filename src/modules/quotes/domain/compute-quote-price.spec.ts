import { DOOR_STYLES } from '#src/modules/leads/index.js';
import { computeQuotePrice } from './compute-quote-price.js';
import { CURRENT_PRICE_LIST, type PriceList } from './price-list.js';

describe(computeQuotePrice.name, () => {
  const sumOfItems = (lines: { total: number }[]) =>
    lines.reduce((sum, line) => sum + line.total, 0);

  describe('per door style', () => {
    it.each([
      ['Tasapintainen', 85],
      ['Uritettu', 95],
      ['Kehysovi', 105],
      ['Vetimetön', 110],
    ] as const)('should price %s doors at %i € each', (doorStyle, unitPrice) => {
      // given 10 doors, 5 drawers and 3 m of worktop
      const quantities = { doorStyle, doors: 10, drawers: 5, metres: 3 };
      // when
      const price = computeQuotePrice(quantities, CURRENT_PRICE_LIST);
      // then
      const expected = 10 * unitPrice + 5 * 75 + 3 * 140 + 290;
      expect(price.lineItems.find((line) => line.code === 'doors')).toEqual({
        code: 'doors',
        label: `Ovet (${doorStyle})`,
        quantity: 10,
        unitPrice,
        total: 10 * unitPrice,
      });
      expect(price.totalPrice).toBe(Math.ceil(expected / 10) * 10);
      expect(sumOfItems(price.lineItems)).toBe(price.totalPrice);
    });

    it('should have a door price for every style offered', () => {
      for (const style of DOOR_STYLES) {
        expect(CURRENT_PRICE_LIST.doorByStyle[style]).toBeGreaterThan(0);
      }
    });
  });

  describe('minimum', () => {
    it('should charge at least 950 € for a small job', () => {
      const price = computeQuotePrice(
        { doorStyle: 'Kehysovi', doors: 2, drawers: 0, metres: 0 },
        CURRENT_PRICE_LIST,
      );
      // 2 × 105 + 290 = 500
      expect(price.totalPrice).toBe(950);
      expect(price.lineItems.at(-1)).toMatchObject({ code: 'minimum', total: 450 });
      expect(sumOfItems(price.lineItems)).toBe(950);
    });
  });

  describe('rounding', () => {
    it('should round up to the next 10 €', () => {
      const price = computeQuotePrice(
        { doorStyle: 'Uritettu', doors: 7, drawers: 1, metres: 1 },
        CURRENT_PRICE_LIST,
      );
      // 665 + 75 + 140 + 290 = 1170: already whole tens
      expect(price.totalPrice).toBe(1170);
      const odd = computeQuotePrice(
        { doorStyle: 'Uritettu', doors: 8, drawers: 1, metres: 1 },
        CURRENT_PRICE_LIST,
      );
      // 760 + 75 + 140 + 290 = 1265 → 1270
      expect(odd.totalPrice).toBe(1270);
      expect(odd.lineItems.at(-1)).toMatchObject({ code: 'rounding', total: 5 });
    });

    it('should leave a total that is already whole tens as it is', () => {
      const price = computeQuotePrice(
        { doorStyle: 'Tasapintainen', doors: 10, drawers: 0, metres: 0 },
        CURRENT_PRICE_LIST,
      );
      // 850 + 290 = 1140
      expect(price.totalPrice).toBe(1140);
      expect(price.lineItems.map((line) => line.code)).toEqual(['doors', 'installation']);
    });
  });

  describe('worktop only', () => {
    it('should price a quote with no doors or drawers from the worktop and installation', () => {
      const price = computeQuotePrice(
        { doorStyle: 'Kehysovi', doors: 0, drawers: 0, metres: 6 },
        CURRENT_PRICE_LIST,
      );
      // 6 × 140 + 290 = 1130
      expect(price.totalPrice).toBe(1130);
      expect(price.lineItems.map((line) => line.code)).toEqual(['worktop', 'installation']);
    });
  });

  describe('price list version', () => {
    it('should record the version of the list it priced with', () => {
      const list: PriceList = { ...CURRENT_PRICE_LIST, version: 'test-2', minimumTotal: 0 };
      const price = computeQuotePrice(
        { doorStyle: 'Vetimetön', doors: 1, drawers: 0, metres: 0 },
        list,
      );
      expect(price.priceListVersion).toBe('test-2');
      // 110 + 290 = 400
      expect(price.totalPrice).toBe(400);
    });
  });
});
