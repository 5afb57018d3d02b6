import { refusalThrownBy } from '#test/support/refusal.js';
import { EventTypeRegistry, field } from '#src/platform/event-store/event-types.js';
import { REPORT_GROUPINGS, type ReportDefinitionInput } from '#src/contract/reports.js';
import { checkReportDefinition, reportVocabulary } from './report-definition.rules.js';

/** Declarations shaped as the lead module's are (lead.event-types.ts). */
const registry = new EventTypeRegistry();
registry.declare(
  {
    type: 'LeadCreated',
    data: {
      leadId: field.id,
      source: field.enum(['quote', 'contact_form']),
      status: field.label,
      doors: field.number,
      totalPrice: field.number,
    },
    personalData: { message: field.optional(field.text) },
  },
  {
    type: 'LeadDetailsChanged',
    data: {
      changes: field.object({
        totalPrice: field.optional(
          field.object({ from: field.nullable(field.number), to: field.nullable(field.number) }),
        ),
      }),
    },
  },
  { type: 'LeadStatusChanged', data: { from: field.label, to: field.label } },
  { type: 'LeadTrashed', data: {} },
);
const check = (definition: ReportDefinitionInput) =>
  checkReportDefinition(definition, (type) => registry.get(type));
const quotes: ReportDefinitionInput = {
  title: '  Quotes per door style per month ',
  eventTypes: ['LeadCreated'],
  measure: { kind: 'count' },
  groupBy: ['doorStyle', 'month'],
};

const refusalOf = (definition: ReportDefinitionInput) => refusalThrownBy(() => check(definition));

describe(checkReportDefinition.name, () => {
  it('should accept a count of a declared type by known groupings, with the title trimmed', () => {
    expect(check(quotes)).toEqual({ ...quotes, title: 'Quotes per door style per month' });
  });

  it('should accept a sum of a numeric field, nested ones by their path', () => {
    expect(check({ ...quotes, measure: { kind: 'sum', field: 'totalPrice' } }).measure).toEqual({
      kind: 'sum',
      field: 'totalPrice',
    });
    const nested = {
      ...quotes,
      eventTypes: ['LeadDetailsChanged'],
      measure: { kind: 'sum' as const, field: 'changes.totalPrice.to' },
    };
    expect(check(nested).measure).toEqual(nested.measure);
  });

  it('should accept a duration between two types and drop what the measure does not use', () => {
    const duration = {
      ...quotes,
      eventTypes: [],
      measure: { kind: 'duration', from: 'LeadCreated', to: 'LeadStatusChanged', field: 'x' },
    } as unknown as ReportDefinitionInput;
    expect(check(duration).measure).toEqual({
      kind: 'duration',
      from: 'LeadCreated',
      to: 'LeadStatusChanged',
    });
  });

  it.each<[string, Partial<ReportDefinitionInput>, string, RegExp]>([
    [
      'an unknown event type',
      { eventTypes: ['LeadCreated', 'QuoteSent'] },
      'eventTypes[1]',
      /QuoteSent/,
    ],
    ['no event type', { eventTypes: [] }, 'eventTypes', /at least one/],
    [
      'an unknown field',
      { measure: { kind: 'sum', field: 'price' } },
      'measure.field',
      /no field price/,
    ],
    [
      'a sum over a label',
      { measure: { kind: 'sum', field: 'status' } },
      'measure.field',
      /not a number/,
    ],
    [
      'a sum over personal text',
      { measure: { kind: 'sum', field: 'message' } },
      'measure.field',
      /personal data/,
    ],
    [
      'a sum over a field one of its types lacks',
      { eventTypes: ['LeadCreated', 'LeadTrashed'], measure: { kind: 'sum', field: 'doors' } },
      'measure.field',
      /LeadTrashed has no field doors/,
    ],
    ['an unknown grouping', { groupBy: ['month', 'colour' as never] }, 'groupBy[1]', /colour/],
    ['no grouping', { groupBy: [] }, 'groupBy', /grouping/],
    ['three groupings', { groupBy: ['month', 'source', 'owner'] }, 'groupBy', /at most 2/],
    [
      'a duration from a type to itself',
      { eventTypes: [], measure: { kind: 'duration', from: 'LeadCreated', to: 'LeadCreated' } },
      'measure.to',
      /two different/,
    ],
    [
      'a duration to an unknown type',
      { eventTypes: [], measure: { kind: 'duration', from: 'LeadCreated', to: 'Nope' } },
      'measure.to',
      /Nope/,
    ],
    ['an empty title', { title: '  ' }, 'title', /title/],
    ['a title with an e-mail address', { title: 'for a@b.fi' }, 'title', /e-mail/],
  ])('should refuse %s, naming the field', (_, change, field, message) => {
    const refusal = refusalOf({ ...quotes, ...change });
    expect(refusal).toMatchObject({ code: 'invalid', field });
    expect(refusal.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `));
    expect(refusal.message).toMatch(message);
  });
});

describe(reportVocabulary.name, () => {
  it('should list every declared type with the numeric fields of its plain data', () => {
    const vocabulary = reportVocabulary(registry.declarations);
    const created = vocabulary.eventTypes.find((t) => t.type === 'LeadCreated')!;
    expect(created.numericFields).toEqual(['doors', 'totalPrice']);
    const changed = vocabulary.eventTypes.find((t) => t.type === 'LeadDetailsChanged')!;
    expect(changed.numericFields).toEqual(['changes.totalPrice.from', 'changes.totalPrice.to']);
    expect(vocabulary.eventTypes).toHaveLength(registry.declarations.length);
    expect(vocabulary.groupings.map((g) => g.value)).toEqual(REPORT_GROUPINGS);
  });
});
