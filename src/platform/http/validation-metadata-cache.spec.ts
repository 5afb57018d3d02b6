import {
  IsInt,
  IsString,
  MaxLength,
  MetadataStorage,
  getMetadataStorage,
  validate,
} from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

class Named {
  @IsString()
  @MaxLength(5, { groups: ['short'] })
  name!: string;
}

class Counted extends Named {
  @IsInt()
  count!: number;
}

class Late {
  label!: unknown;
}

const counted = (fields: Partial<Counted>) => Object.assign(new Counted(), fields);
const late = (label: unknown) => Object.assign(new Late(), { label });
const failed = async (object: object, groups?: string[]) =>
  (await validate(object, { groups })).flatMap((error) => Object.keys(error.constraints ?? {}));

describe('cacheValidationMetadata', () => {
  const plain = new MetadataStorage();
  const queries: Parameters<MetadataStorage['getTargetValidationMetadatas']>[] = [
    [Counted, '', false, false],
    [Counted, '', false, false, ['short']],
    [Named, '', true, false],
    [Counted, '', false, true, []],
  ];
  const before = queries.map((query) =>
    getMetadataStorage().getTargetValidationMetadatas(...query),
  );

  beforeAll(() => {
    Object.assign(plain, getMetadataStorage());
    cacheValidationMetadata();
  });

  it('should give the rules class-validator finds itself, inherited and grouped ones included', () => {
    queries.forEach((query, i) => {
      expect(getMetadataStorage().getTargetValidationMetadatas(...query)).toEqual(before[i]);
      expect(getMetadataStorage().getTargetValidationMetadatas(...query)).toEqual(
        plain.getTargetValidationMetadatas(...query),
      );
    });
  });

  it('should look up a class once and hand out the same answer after', () => {
    const first = getMetadataStorage().getTargetValidationMetadatas(Counted, '', false, false);
    expect(getMetadataStorage().getTargetValidationMetadatas(Counted, '', false, false)).toBe(
      first,
    );
    expect(getMetadataStorage().groupByPropertyName(first)).toBe(
      getMetadataStorage().groupByPropertyName(first),
    );
  });

  it('should validate as before, with and without groups', async () => {
    expect(await failed(counted({ name: 'abc', count: 2 }))).toEqual([]);
    // Without groups asked for, class-validator applies grouped rules too.
    expect(await failed(counted({ name: 'abcdefgh', count: 2.5 }))).toEqual(['isInt', 'maxLength']);
    expect(await failed(counted({ name: 'abcdefgh', count: 2 }), ['short'])).toEqual(['maxLength']);
  });

  it('should apply rules registered after a class was first validated', async () => {
    expect(await failed(late(42))).toEqual(['unknownValue']);
    IsString()(Late.prototype, 'label');
    expect(await failed(late(42))).toEqual(['isString']);
    expect(await failed(late('x'))).toEqual([]);
  });
});
