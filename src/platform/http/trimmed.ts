import { buildMessage, ValidateBy } from 'class-validator';
import { Transform } from 'class-transformer';

/** Trims strings before validation: a field of spaces is missing (docs/product.md#input-rules). */
export const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Control characters, format characters and line or paragraph separators. */
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * One line of text: a name, a city, an address. A line break or other control character in a
 * name would reach e-mails and CSV cells as a line of its own (docs/product.md#input-rules).
 */
export const OneLine = () =>
  ValidateBy({
    name: 'oneLine',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !NOT_ONE_LINE.test(value),
      defaultMessage: buildMessage(
        (prefix) => `${prefix}$property must be one line without control characters`,
      ),
    },
  });
