import { BadRequestException } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import type { FieldRefusal } from '#src/contract/public-refusals.js';

/**
 * A body, query or parameter that broke its DTO's rules: the English sentences as `message`, and
 * per field its path, the rule's code and the sentence as `fields` (the error filter puts them
 * in Finnish on the public routes).
 */
export class ValidationRefusal extends BadRequestException {
  constructor(
    message: string | string[],
    readonly fields: FieldRefusal[],
  ) {
    super({ message, error: 'Bad Request', statusCode: 400, fields });
  }

  /** One field refused by a rule a controller checks itself. */
  static ofField(field: string, code: string, message: string): ValidationRefusal {
    return new ValidationRefusal(message, [{ field, code, message }]);
  }
}

/** Each broken rule of each field, named by the field's path. */
export function fieldRefusalsOf(errors: ValidationError[], parent = ''): FieldRefusal[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([code, message]) => ({
      field: path,
      code,
      message,
    }));
    return [...own, ...fieldRefusalsOf(error.children ?? [], path)];
  });
}

/** "customer.email must be an email" style messages, naming nested fields by their path. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      message.startsWith(error.property)
        ? `${path}${message.slice(error.property.length)}`
        : `${path}: ${message}`,
    );
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}
