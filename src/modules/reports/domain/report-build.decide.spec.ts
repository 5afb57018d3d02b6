import { deciderSpec } from '#test/support/decider-spec.js';
import {
  decideReportBuild,
  evolveReportBuild,
  type ReportBuildState,
  type StartReportBuild,
} from './report-build.decide.js';
import type { ReportBuildStarted } from './report.events.js';

const decider = (initialState: ReportBuildState) =>
  deciderSpec<StartReportBuild, ReportBuildStarted, ReportBuildState>({
    decide: decideReportBuild,
    evolve: evolveReportBuild,
    initialState,
  });
const build = { report: 'report_revenue' };
const started = (rebuild: boolean): ReportBuildStarted => ({
  type: 'ReportBuildStarted',
  data: { report: 'report_revenue', rebuild },
});

describe('decideReportBuild', () => {
  it('should start the first build of a report never built', () => {
    decider({ known: true, built: false, building: false })
      .given()
      .when(build)
      .then([started(false)]);
  });

  it('should build a new version beside a live report', () => {
    decider({ known: true, built: true, building: false })
      .given()
      .when(build)
      .then([started(true)]);
  });

  it('should refuse a second build while one runs', () => {
    decider({ known: true, built: true, building: false })
      .given([started(true)])
      .when(build)
      .thenRefuses('conflict', /being built already/);
  });

  it('should refuse a report nobody wrote', () => {
    decider({ known: false, built: false, building: false })
      .given()
      .when({ report: 'report_nope' })
      .thenRefuses('not_found', 'No report named report_nope');
  });
});
