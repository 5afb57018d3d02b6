import { Refusal } from '#src/platform/domain/refusal.js';
import type { ReportDefinitionInput } from '#src/contract/reports.js';
import {
  type ReportDefinitionEvent,
  ReportDefinitionEvents,
  type ReportDefinitionRemoved,
} from './report-definition.events.js';

export interface DefineReport {
  kind: 'define';
  definitionId: string;
  /** Checked against the event types there are before it gets here (report-definition.rules.ts). */
  definition: ReportDefinitionInput;
}

export interface ChangeReportDefinition {
  kind: 'change';
  definitionId: string;
  definition: ReportDefinitionInput;
}

export interface RemoveReportDefinition {
  kind: 'remove';
  definitionId: string;
}

export type ReportDefinitionCommand =
  DefineReport | ChangeReportDefinition | RemoveReportDefinition;

export interface ReportDefinitionState {
  revision: number;
  removed: boolean;
  definition: ReportDefinitionInput | null;
}

export const INITIAL_REPORT_DEFINITION_STATE: ReportDefinitionState = {
  revision: 0,
  removed: false,
  definition: null,
};

/** A definition is made once, edited into new revisions while it exists, and removed once. */
export function decideReportDefinition(
  command: ReportDefinitionCommand,
  state: ReportDefinitionState,
): ReportDefinitionEvent[] {
  const { definitionId } = command;
  if (command.kind === 'define') {
    if (state.revision > 0) throw new Refusal('conflict', `Report ${definitionId} exists already`);
    return [
      {
        type: ReportDefinitionEvents.ReportDefined,
        data: { ...command.definition, definitionId, revision: 1 },
      },
    ];
  }
  if (state.revision === 0 || state.removed)
    throw new Refusal('not_found', `No report defined as ${definitionId}`);
  if (command.kind === 'remove') {
    const removed: ReportDefinitionRemoved = {
      type: ReportDefinitionEvents.ReportDefinitionRemoved,
      data: { definitionId, revision: state.revision },
    };
    return [removed];
  }
  if (sameDefinition(state.definition!, command.definition)) return [];
  return [
    {
      type: ReportDefinitionEvents.ReportDefinitionChanged,
      data: { ...command.definition, definitionId, revision: state.revision + 1 },
    },
  ];
}

export function evolveReportDefinition(
  state: ReportDefinitionState,
  event: ReportDefinitionEvent,
): ReportDefinitionState {
  switch (event.type) {
    case ReportDefinitionEvents.ReportDefined:
    case ReportDefinitionEvents.ReportDefinitionChanged: {
      const { title, eventTypes, measure, groupBy, revision } = event.data;
      return { revision, removed: false, definition: { title, eventTypes, measure, groupBy } };
    }
    case ReportDefinitionEvents.ReportDefinitionRemoved:
      return { ...state, removed: true };
    default:
      return state;
  }
}

/** The same report: an edit that changes nothing makes no new revision to build. */
function sameDefinition(a: ReportDefinitionInput, b: ReportDefinitionInput): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const canonical = ({ title, eventTypes, measure, groupBy }: ReportDefinitionInput) => ({
  title,
  eventTypes: [...eventTypes].sort(),
  measure:
    measure.kind === 'sum'
      ? { kind: measure.kind, field: measure.field }
      : measure.kind === 'duration'
        ? { kind: measure.kind, from: measure.from, to: measure.to }
        : { kind: measure.kind },
  groupBy,
});
