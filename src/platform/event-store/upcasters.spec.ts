import { UpcasterRegistry } from './upcasters.js';

describe(UpcasterRegistry.name, () => {
  describe('rename', () => {
    it('should read an old type name as the new one and leave other names alone', () => {
      const upcasters = new UpcasterRegistry();
      upcasters.rename('ColumnRecoloured', 'ColumnRecolored');
      expect(upcasters.currentType('ColumnRecoloured')).toBe('ColumnRecolored');
      expect(upcasters.currentType('ColumnRecolored')).toBe('ColumnRecolored');
      expect(upcasters.currentType('ColumnAdded')).toBe('ColumnAdded');
    });

    it('should filter on every name a type was stored under', () => {
      const upcasters = new UpcasterRegistry();
      upcasters.rename('ColumnRecoloured', 'ColumnRecolored');
      expect(upcasters.storedTypes(['ColumnRecolored', 'ColumnAdded']).sort()).toEqual([
        'ColumnAdded',
        'ColumnRecolored',
        'ColumnRecoloured',
      ]);
      expect(upcasters.storedTypes(['ColumnAdded'])).toEqual(['ColumnAdded']);
    });

    it('should refuse renaming one old name twice', () => {
      const upcasters = new UpcasterRegistry();
      upcasters.rename('A', 'B');
      expect(() => upcasters.rename('A', 'C')).toThrow('A is already renamed');
    });
  });
});
