import { Refusal } from '#src/platform/domain/refusal.js';
import type { EventTypeDeclaration, FieldKind } from '#src/platform/event-store/event-types.js';
import {
  MAX_REPORT_EVENT_TYPES,
  MAX_REPORT_GROUPINGS,
  MAX_REPORT_TITLE_LENGTH,
  REPORT_GROUPING_LABELS,
  REPORT_GROUPINGS,
  REPORT_MEASURE_KINDS,
  type ReportDefinitionInput,
  type ReportGrouping,
  type ReportVocabulary,
} from '#src/contract/reports.js';

/** How the rules learn the event types there are: the event store's registry of declarations. */
export type EventTypeLookup = (type: string) => EventTypeDeclaration | undefined;

const invalid = (field: string, why: string) => new Refusal('invalid', `${field}: ${why}`, field);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Refuses a definition that names an event type nobody appends, a field its types lack, a sum
 * over something that is not a number, or a grouping there is not; names the field at fault.
 * Returns the definition as it is stored (title trimmed).
 */
export function checkReportDefinition(
  input: ReportDefinitionInput,
  lookup: EventTypeLookup,
): ReportDefinitionInput {
  const title = input.title.trim();
  if (!title) throw invalid('title', 'give the report a title');
  if (title.length > MAX_REPORT_TITLE_LENGTH || CONTROL.test(title) || title.includes('@'))
    throw invalid(
      'title',
      `one line of at most ${MAX_REPORT_TITLE_LENGTH} characters, no e-mail address`,
    );
  const { measure } = input;
  if (!(REPORT_MEASURE_KINDS as readonly string[]).includes(measure.kind))
    throw invalid('measure.kind', `one of ${REPORT_MEASURE_KINDS.join(', ')}`);
  const known = (field: string, type: string | undefined) => {
    if (!type) throw invalid(field, 'name an event type');
    if (!lookup(type)) throw invalid(field, `no event type is called ${type}`);
  };

  if (measure.kind === 'duration') {
    if (input.eventTypes.length > 0)
      throw invalid('eventTypes', 'a duration reads measure.from and measure.to; leave it empty');
    known('measure.from', measure.from);
    known('measure.to', measure.to);
    if (measure.from === measure.to)
      throw invalid('measure.to', 'a duration needs two different event types');
  } else {
    if (input.eventTypes.length === 0)
      throw invalid('eventTypes', 'choose at least one event type');
    if (input.eventTypes.length > MAX_REPORT_EVENT_TYPES)
      throw invalid('eventTypes', `at most ${MAX_REPORT_EVENT_TYPES} event types`);
    input.eventTypes.forEach((type, i) => known(`eventTypes[${i}]`, type));
    if (new Set(input.eventTypes).size !== input.eventTypes.length)
      throw invalid('eventTypes', 'each event type once');
  }
  if (measure.kind === 'sum') {
    if (!measure.field) throw invalid('measure.field', 'name the numeric field to sum');
    for (const type of input.eventTypes) {
      const why = whyNotNumeric(lookup(type)!, measure.field);
      if (why) throw invalid('measure.field', why);
    }
  }

  if (input.groupBy.length === 0) throw invalid('groupBy', 'choose a grouping');
  if (input.groupBy.length > MAX_REPORT_GROUPINGS)
    throw invalid('groupBy', `at most ${MAX_REPORT_GROUPINGS} groupings`);
  input.groupBy.forEach((grouping, i) => {
    if (!(REPORT_GROUPINGS as readonly string[]).includes(grouping))
      throw invalid(
        `groupBy[${i}]`,
        `no grouping is called ${grouping}; one of ${REPORT_GROUPINGS.join(', ')}`,
      );
  });
  if (new Set(input.groupBy).size !== input.groupBy.length)
    throw invalid('groupBy', 'each grouping once');
  return {
    title,
    eventTypes: input.eventTypes,
    measure:
      measure.kind === 'sum'
        ? { kind: 'sum', field: measure.field }
        : measure.kind === 'duration'
          ? { kind: 'duration', from: measure.from, to: measure.to }
          : { kind: 'count' },
    groupBy: input.groupBy as ReportGrouping[],
  };
}

/** Why `path` of the event type's data is not a number to sum, or null when it is one. */
function whyNotNumeric(declaration: EventTypeDeclaration, path: string): string | null {
  const { type } = declaration;
  const kind = kindAt(declaration.data, path);
  if (kind === undefined) {
    if (declaration.personalData && kindAt(declaration.personalData, path))
      return `${path} of ${type} is personal data, which reports never read`;
    return `${type} has no field ${path}`;
  }
  return bare(kind).kind === 'number' ? null : `${path} of ${type} is not a number`;
}

function kindAt(fields: Readonly<Record<string, FieldKind>>, path: string): FieldKind | undefined {
  const [head, ...rest] = path.split('.');
  const kind = Object.hasOwn(fields, head) ? fields[head] : undefined;
  if (!kind || rest.length === 0) return kind;
  const inner = bare(kind);
  return inner.kind === 'object' ? kindAt(inner.fields, rest.join('.')) : undefined;
}

/** A field that may be missing or null is still a number where it is there. */
function bare(kind: FieldKind): FieldKind {
  return kind.kind === 'optional' || kind.kind === 'nullable' ? bare(kind.of) : kind;
}

/** The numeric fields of a declaration's plain data, nested ones by their dotted path. */
export function numericFields(fields: Readonly<Record<string, FieldKind>>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, kind]) => {
    const inner = bare(kind);
    const path = prefix + name;
    if (inner.kind === 'number') return [path];
    if (inner.kind === 'object') return numericFields(inner.fields, `${path}.`);
    return [];
  });
}

/** What the definition form offers: every declared event type, each with its numeric fields. */
export function reportVocabulary(declarations: readonly EventTypeDeclaration[]): ReportVocabulary {
  return {
    eventTypes: declarations
      .map((declaration) => ({
        type: declaration.type,
        numericFields: numericFields(declaration.data),
      }))
      .sort((a, b) => a.type.localeCompare(b.type)),
    groupings: REPORT_GROUPINGS.map((value) => ({ value, label: REPORT_GROUPING_LABELS[value] })),
  };
}
