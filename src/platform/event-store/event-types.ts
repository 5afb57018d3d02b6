import type { JsonObject } from './event-store.types.js';

/**
 * What a field of an event may hold. Plain data (the event's `data`) is stored readable for ever,
 * where no erasure reaches it, so its kinds can hold nothing a person typed about themselves;
 * `text` (anything) is only for personal data, sealed under its subject's key
 * (docs/decisions/0106-no-personal-data-outside-the-vault.md).
 */
export type FieldKind =
  /** A key of our own making: a uuid, a stream or subject id, a hash, a file name. */
  | { kind: 'id' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number' }
  | { kind: 'boolean' }
  /** An ISO 8601 date or date-time. */
  | { kind: 'timestamp' }
  /**
   * A name staff gave a thing of ours (a pipeline column, a price line): one line, no e-mail
   * address. Never about a person.
   */
  | { kind: 'label' }
  /** A Message-ID header, as mail software makes it. */
  | { kind: 'messageId' }
  /** Anything: only in personal data. */
  | { kind: 'text' }
  | { kind: 'object'; fields: Readonly<Record<string, FieldKind>> }
  | { kind: 'array'; of: FieldKind }
  /** An object whose keys are ids or enum values and whose values are all of one kind. */
  | { kind: 'record'; keys: FieldKind; of: FieldKind }
  | { kind: 'optional'; of: FieldKind }
  | { kind: 'nullable'; of: FieldKind };

/** One event type as the store knows it: the shape of its plain data and of its personal data. */
export interface EventTypeDeclaration {
  type: string;
  data: Readonly<Record<string, FieldKind>>;
  /** The shape of the sealed personal data; absent when the type has none. */
  personalData?: Readonly<Record<string, FieldKind>>;
}

/** Building blocks for declarations, so they read as the event's type does. */
export const field = {
  id: { kind: 'id' } as FieldKind,
  number: { kind: 'number' } as FieldKind,
  boolean: { kind: 'boolean' } as FieldKind,
  timestamp: { kind: 'timestamp' } as FieldKind,
  label: { kind: 'label' } as FieldKind,
  messageId: { kind: 'messageId' } as FieldKind,
  text: { kind: 'text' } as FieldKind,
  enum: (values: readonly string[]): FieldKind => ({ kind: 'enum', values }),
  object: (fields: Record<string, FieldKind>): FieldKind => ({ kind: 'object', fields }),
  array: (of: FieldKind): FieldKind => ({ kind: 'array', of }),
  record: (keys: FieldKind, of: FieldKind): FieldKind => ({ kind: 'record', keys, of }),
  optional: (of: FieldKind): FieldKind => ({ kind: 'optional', of }),
  nullable: (of: FieldKind): FieldKind => ({ kind: 'nullable', of }),
};

// A leading - or _ is how a base64url hash or id may start.
const ID = /^[A-Za-z0-9_-][A-Za-z0-9_.:/=+-]{0,199}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
// With or without the angle brackets a Message-ID header wraps it in.
const MESSAGE_ID = /^<?[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,200}@[A-Za-z0-9.-]{1,200}>?$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a value does not fit `kind`, or null when it does. */
function misfit(value: unknown, kind: FieldKind, path: string): string | null {
  const wrong = (what: string) => `${path} must be ${what}`;
  switch (kind.kind) {
    case 'optional':
      return value === undefined ? null : misfit(value, kind.of, path);
    case 'nullable':
      return value === null ? null : misfit(value, kind.of, path);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrong('a number');
    case 'boolean':
      return typeof value === 'boolean' ? null : wrong('a boolean');
    case 'id':
      return typeof value === 'string' && ID.test(value) ? null : wrong('an id');
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) ? null : wrong('a timestamp');
    case 'messageId':
      return typeof value === 'string' && MESSAGE_ID.test(value) ? null : wrong('a Message-ID');
    case 'enum':
      return typeof value === 'string' && kind.values.includes(value)
        ? null
        : wrong(`one of ${kind.values.join(', ')}`);
    case 'label':
      return typeof value === 'string' &&
        value.length <= 100 &&
        !CONTROL.test(value) &&
        !value.includes('@')
        ? null
        : wrong('a label (one line, no e-mail address)');
    case 'text':
      return typeof value === 'string' ? null : wrong('text');
    case 'array':
      if (!Array.isArray(value)) return wrong('an array');
      for (const [i, item] of value.entries()) {
        const why = misfit(item, kind.of, `${path}[${i}]`);
        if (why) return why;
      }
      return null;
    case 'record':
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return wrong('an object');
      }
      const entries = Object.entries(value as JsonObject);
      if (kind.kind === 'record') {
        for (const [key, item] of entries) {
          const why =
            misfit(key, kind.keys, `${path} key`) ?? misfit(item, kind.of, `${path}.${key}`);
          if (why) return why;
        }
        return null;
      }
      return fieldsMisfit(value as JsonObject, kind.fields, path);
    }
  }
}

function fieldsMisfit(
  value: JsonObject,
  fields: Readonly<Record<string, FieldKind>>,
  path: string,
): string | null {
  for (const key of Object.keys(value)) {
    if (!(key in fields) && value[key] !== undefined) return `${path}.${key} is not declared`;
  }
  for (const [key, kind] of Object.entries(fields)) {
    const why = misfit(value[key], kind, `${path}.${key}`);
    if (why) return why;
  }
  return null;
}

function holdsText(kind: FieldKind): boolean {
  switch (kind.kind) {
    case 'text':
      return true;
    case 'optional':
    case 'nullable':
    case 'array':
      return holdsText(kind.of);
    case 'record':
      return holdsText(kind.keys) || holdsText(kind.of);
    case 'object':
      return Object.values(kind.fields).some(holdsText);
    default:
      return false;
  }
}

/**
 * Every event type the code appends, with the shape of its data. The store refuses an event of a
 * type nobody declared, and plain data that does not fit its declaration: a new event type
 * cannot put free text where erasure does not reach.
 */
export class EventTypeRegistry {
  private readonly byType = new Map<string, EventTypeDeclaration>();

  declare(...declarations: EventTypeDeclaration[]): void {
    for (const declaration of declarations) {
      if (this.byType.has(declaration.type)) {
        throw new Error(`${declaration.type} is already declared`);
      }
      const text = Object.entries(declaration.data).find(([, kind]) => holdsText(kind));
      if (text) {
        throw new Error(
          `${declaration.type}.data.${text[0]} holds free text: it belongs in personalData`,
        );
      }
      this.byType.set(declaration.type, declaration);
    }
  }

  get(type: string): EventTypeDeclaration | undefined {
    return this.byType.get(type);
  }

  get declarations(): EventTypeDeclaration[] {
    return [...this.byType.values()];
  }

  /** Throws when an event about to be appended is not of a declared type, or does not fit it. */
  check(event: { type: string; data: JsonObject; personalData?: JsonObject }): void {
    const declaration = this.byType.get(event.type);
    if (!declaration) throw new Error(`event type ${event.type} is not declared`);
    const why =
      fieldsMisfit(event.data, declaration.data, `${event.type}.data`) ??
      (event.personalData
        ? declaration.personalData
          ? fieldsMisfit(event.personalData, declaration.personalData, `${event.type}.personalData`)
          : `${event.type} declares no personal data`
        : null);
    if (why) throw new Error(`event does not fit its declaration: ${why}`);
  }
}

/**
 * A provider that declares a module's event types when the app is put together, before anything
 * appends: `providers: [eventTypesProvider('leads', LEAD_EVENT_DECLARATIONS)]`.
 */
export function eventTypesProvider(module: string, declarations: EventTypeDeclaration[]) {
  return {
    provide: `event-types:${module}`,
    inject: [EventTypeRegistry],
    useFactory: (registry: EventTypeRegistry) => {
      registry.declare(...declarations);
      return declarations.map((declaration) => declaration.type);
    },
  };
}
