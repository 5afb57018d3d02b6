import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type TargetQuery = Parameters<MetadataStorage['getTargetValidationMetadatas']>;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

const installed = new WeakSet<MetadataStorage>();

/**
 * Makes class-validator look up each class's rules once instead of on every validation.
 *
 * For every object it validates (a body and each nested object in it), class-validator filters the
 * rules of its class and then tests the class against every other class that has rules, to
 * collect inherited ones: a walk of all the app's DTOs per object, the largest single cost of
 * validating a public write (docs/decisions/0050-validation-rules-looked-up-once.md). Rules are
 * written by decorators when a class loads, so the answer for a class only changes when more rules
 * are registered; any registration forgets every answer kept.
 *
 * The answers are shared between validations: class-validator only reads them.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);

  let byTarget = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  const forget = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (...query: TargetQuery) => {
    const [target, schema, always, strictGroups, groups] = query;
    const key = `${schema}|${always}|${strictGroups}|${groups?.join('\n')}`;
    let answers = byTarget.get(target);
    if (!answers) byTarget.set(target, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = lookUp(...query)));
    return answer;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata: ValidationMetadata[]) => {
    let answer = grouped.get(metadata);
    if (!answer) grouped.set(metadata, (answer = group(metadata)));
    return answer;
  };

  for (const register of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = storage[register].bind(storage) as (metadata: never) => void;
    storage[register] = (metadata: never) => {
      forget();
      add(metadata);
    };
  }
}
