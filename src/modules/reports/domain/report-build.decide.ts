import { Refusal } from '#src/platform/domain/refusal.js';
import { ReportEvents, type ReportBuildStarted } from './report.events.js';

export interface StartReportBuild {
  report: string;
}

/** What a report's build request is decided on: the build state the projection runner reports. */
export interface ReportBuildState {
  known: boolean;
  built: boolean;
  building: boolean;
}

export const UNKNOWN_REPORT_STATE: ReportBuildState = {
  known: false,
  built: false,
  building: false,
};

/** A known report not being built right now may be built, or rebuilt beside its live version. */
export function decideReportBuild(
  command: StartReportBuild,
  state: ReportBuildState,
): ReportBuildStarted[] {
  if (!state.known) throw new Refusal('not_found', `No report named ${command.report}`);
  if (state.building)
    throw new Refusal('conflict', `Report ${command.report} is being built already`);
  return [
    {
      type: ReportEvents.ReportBuildStarted,
      data: { report: command.report, rebuild: state.built },
    },
  ];
}

/** Each started build leaves the report built or being built; the runner knows which. */
export function evolveReportBuild(
  state: ReportBuildState,
  event: ReportBuildStarted,
): ReportBuildState {
  return event.type === ReportEvents.ReportBuildStarted ? { ...state, building: true } : state;
}
