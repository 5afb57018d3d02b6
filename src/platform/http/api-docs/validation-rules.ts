import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';

type Rules = Record<string, unknown>;
type Constructor = abstract new (...args: never[]) => unknown;

/**
 * Documents every validated class with the rules its class-validator decorators enforce (types,
 * required fields, lengths, ranges, patterns, formats, enums, nested classes), read from the same
 * metadata the ValidationPipe uses, so the document cannot drift from validation. Explicit
 * @ApiProperty decorators add what validation cannot know: descriptions and examples.
 */
export function documentValidationRules(): void {
  for (const target of validatedClasses()) {
    const schema = targetConstructorToSchema(target, {
      classTransformerMetadataStorage: defaultMetadataStorage,
    });
    const required = new Set(schema.required ?? []);
    for (const [property, rules] of Object.entries(schema.properties ?? {})) {
      const options = propertyOptions(target, property, rules as Rules);
      const document = ApiProperty({ ...options, required: required.has(property) } as never);
      document(target.prototype as object, property);
    }
  }
}

function validatedClasses(): Constructor[] {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> };
  return [...storage.validationMetadatas.keys()].filter(
    (target): target is Constructor => typeof target === 'function',
  );
}

/** A nested object is documented as its class (a reference); anything else as its JSON rules. */
function propertyOptions(target: Constructor, property: string, rules: Rules): ApiPropertyOptions {
  const { $ref, not: _nullability, ...plain } = rules;
  if ($ref === undefined) return plain as ApiPropertyOptions;
  const nested = defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction();
  // A custom rule on a plain array or object leaves only its design type here: the property's
  // own @ApiProperty schema describes it.
  if (nested === undefined) return plain as ApiPropertyOptions;
  return { type: () => nested } as ApiPropertyOptions;
}
