import { deciderSpec } from '#test/support/decider-spec.js';
import type { ReportDefinitionInput } from '#src/contract/reports.js';
import {
  decideReportDefinition,
  evolveReportDefinition,
  INITIAL_REPORT_DEFINITION_STATE,
} from './report-definition.decide.js';
import type { ReportDefinitionEvent } from './report-definition.events.js';

const decider = deciderSpec({
  decide: decideReportDefinition,
  evolve: evolveReportDefinition,
  initialState: INITIAL_REPORT_DEFINITION_STATE,
});
const quotes: ReportDefinitionInput = {
  title: 'Quotes per door style per month',
  eventTypes: ['LeadCreated'],
  measure: { kind: 'count' },
  groupBy: ['doorStyle', 'month'],
};
const byWeek: ReportDefinitionInput = { ...quotes, title: 'Quotes by week', groupBy: ['week'] };
const definitionId = 'a1b2c3d4e5';
const defined: ReportDefinitionEvent = {
  type: 'ReportDefined',
  data: { ...quotes, definitionId, revision: 1 },
};
const changed: ReportDefinitionEvent = {
  type: 'ReportDefinitionChanged',
  data: { ...byWeek, definitionId, revision: 2 },
};
const removed: ReportDefinitionEvent = {
  type: 'ReportDefinitionRemoved',
  data: { definitionId, revision: 2 },
};

describe('decideReportDefinition', () => {
  describe('define', () => {
    it('should define the first revision of a new report', () => {
      decider.given().when({ kind: 'define', definitionId, definition: quotes }).then([defined]);
    });

    it('should refuse to define a report that exists already', () => {
      decider
        .given([defined])
        .when({ kind: 'define', definitionId, definition: quotes })
        .thenRefuses('conflict', /exists already/);
    });
  });

  describe('change', () => {
    it('should make a new revision of a defined report', () => {
      const state = decider
        .given([defined])
        .when({ kind: 'change', definitionId, definition: byWeek })
        .then([changed]);
      expect(state).toEqual({ revision: 2, removed: false, definition: byWeek });
    });

    it('should make no revision when nothing changed', () => {
      decider
        .given([defined])
        .when({ kind: 'change', definitionId, definition: { ...quotes } })
        .then([]);
    });

    it('should refuse to change a report nobody defined', () => {
      decider
        .given()
        .when({ kind: 'change', definitionId, definition: byWeek })
        .thenRefuses('not_found', `No report defined as ${definitionId}`);
    });

    it('should refuse to change a removed report', () => {
      decider
        .given([defined, changed, removed])
        .when({ kind: 'change', definitionId, definition: quotes })
        .thenRefuses('not_found');
    });
  });

  describe('remove', () => {
    it('should remove a defined report at its latest revision', () => {
      decider.given([defined, changed]).when({ kind: 'remove', definitionId }).then([removed]);
    });

    it('should refuse to remove a report twice', () => {
      decider
        .given([defined, changed, removed])
        .when({ kind: 'remove', definitionId })
        .thenRefuses('not_found');
    });
  });
});
