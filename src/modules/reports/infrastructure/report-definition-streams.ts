import { Injectable } from '@nestjs/common';
import { handleCommand, LATEST_STATE_ATTEMPTS } from '#src/platform/event-store/command-path.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { EventTypeRegistry } from '#src/platform/event-store/event-types.js';
import type { ReportDefinitionInput } from '#src/contract/reports.js';
import {
  decideReportDefinition,
  evolveReportDefinition,
  INITIAL_REPORT_DEFINITION_STATE,
  type ReportDefinitionCommand,
  type ReportDefinitionState,
} from '#src/modules/reports/domain/report-definition.decide.js';
import {
  type ReportDefinitionEvent,
  REPORT_DEFINITION_STREAM_TYPE,
  reportDefinitionStreamId,
} from '#src/modules/reports/domain/report-definition.events.js';
import { checkReportDefinition } from '#src/modules/reports/domain/report-definition.rules.js';
import { DefinedReports } from '#src/modules/reports/queries/defined-reports.js';

/** Runs a definition command through the one command path, then brings this process in step. */
@Injectable()
export class ReportDefinitionStreams {
  constructor(
    private readonly eventStore: EventStore,
    private readonly eventTypes: EventTypeRegistry,
    private readonly defined: DefinedReports,
  ) {}

  /** The definition as it is stored, or a refusal naming the field at fault. */
  check(definition: ReportDefinitionInput): ReportDefinitionInput {
    return checkReportDefinition(definition, (type) => this.eventTypes.get(type));
  }

  async run(command: ReportDefinitionCommand): Promise<void> {
    await handleCommand<ReportDefinitionEvent, ReportDefinitionState>(
      this.eventStore,
      reportDefinitionStreamId(command.definitionId),
      { evolve: evolveReportDefinition, initialState: INITIAL_REPORT_DEFINITION_STATE },
      (state) => decideReportDefinition(command, state),
      {
        attempts: LATEST_STATE_ATTEMPTS,
        append: { streamType: REPORT_DEFINITION_STREAM_TYPE },
      },
    );
    await this.defined.sync();
  }
}
