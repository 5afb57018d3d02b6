import type pg from 'pg';
import { refusalOf } from '#test/support/refusal.js';
import type {
  BuildStatus,
  ProjectionManager,
  ProjectionStatus,
} from '#src/platform/projections/projection-manager.js';
import { reportStreamId } from '#src/modules/reports/domain/report.events.js';
import { DefinedReport } from '#src/modules/reports/projections/defined.report.js';
import {
  definedReportApiName,
  type DefinedReportEntry,
  type DefinedReports,
} from '#src/modules/reports/queries/defined-reports.js';
import { ReportCatalogue } from '#src/modules/reports/queries/report-catalogue.js';
import { REPORTS } from '#src/modules/reports/reports.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { StartReportBuildCommand } from './build-report/start-report-build.command.js';
import { StartReportBuildHandler } from './build-report/start-report-build.handler.js';

const FUNNEL = 'report_pipeline_funnel';
const NO_POOL = null as unknown as pg.Pool;

const building: BuildStatus = {
  version: 2,
  processed: 10,
  total: 100,
  eventsPerSecond: 1000,
  secondsLeft: 1,
  running: true,
  error: null,
};

/** A defined report at its second revision, the first of which is built and shown. */
function definedEntry(): DefinedReportEntry {
  const revision = (n: number) =>
    new DefinedReport(
      {
        definitionId: 'a1b2c3d4e5',
        revision: n,
        title: 'Quotes per door style',
        eventTypes: ['LeadCreated'],
        measure: { kind: 'count' },
        groupBy: n === 1 ? ['doorStyle'] : ['doorStyle', 'month'],
      },
      async () => new Map(),
    );
  const [first, second] = [revision(1), revision(2)];
  return {
    apiName: definedReportApiName('a1b2c3d4e5'),
    firstDefinedAt: 0,
    latest: second,
    definedBy: 'Anna',
    definedAt: new Date(0).toISOString(),
    shown: first,
  };
}

/**
 * The build handler over streams kept in memory and the real report catalogue, which decides on
 * what the projection runner reports of each build (given here), and which records the builds
 * started instead of running them (the builds themselves are the integration tier's).
 */
function handler(statuses: Partial<ProjectionStatus>[] = [], defined: DefinedReportEntry[] = []) {
  const store = new InMemoryEventStore();
  const started: string[] = [];
  const projections = {
    status: async () =>
      statuses.map((status) => ({ activeVersion: 0, outdated: false, build: null, ...status })),
    startRebuild: (name: string) => void started.push(name),
  } as unknown as ProjectionManager;
  const definedReports = {
    list: async () => defined,
    find: async (apiName: string) => defined.find((entry) => entry.apiName === apiName),
  } as unknown as DefinedReports;
  const reports = REPORTS.map((Report) => new Report());
  const catalogue = new ReportCatalogue(reports, NO_POOL, projections, definedReports);
  return {
    store,
    started,
    build: new StartReportBuildHandler(catalogue, store.asEventStore(), projections),
  };
}

describe('report build handler', () => {
  describe('StartReportBuild', () => {
    it('should record the first build of a report, start it and answer the report', async () => {
      const { store, started, build } = handler();
      const summary = await build.execute(new StartReportBuildCommand(FUNNEL));
      expect(summary).toMatchObject({ name: FUNNEL, state: 'not_built' });
      expect(store.eventsOf(reportStreamId(FUNNEL))).toEqual([
        { type: 'ReportBuildStarted', data: { report: FUNNEL, rebuild: false } },
      ]);
      expect(started).toEqual([FUNNEL]);
    });

    it('should record a build of a report already built as a rebuild beside the live one', async () => {
      const { store, build } = handler([{ name: FUNNEL, activeVersion: 1 }]);
      const summary = await build.execute(new StartReportBuildCommand(FUNNEL));
      expect(summary.state).toBe('ready');
      expect(store.eventsOf(reportStreamId(FUNNEL))).toEqual([
        { type: 'ReportBuildStarted', data: { report: FUNNEL, rebuild: true } },
      ]);
    });

    it('should build the newest revision of a report an admin defined', async () => {
      const entry = definedEntry();
      const { store, started, build } = handler(
        [{ name: entry.shown!.name, activeVersion: 1 }],
        [entry],
      );
      await build.execute(new StartReportBuildCommand(entry.apiName));
      expect(started).toEqual([entry.latest.name]);
      expect(store.eventsOf(reportStreamId(entry.apiName))).toEqual([
        { type: 'ReportBuildStarted', data: { report: entry.apiName, rebuild: false } },
      ]);
    });

    it('should refuse a report being built, starting nothing', async () => {
      const { store, started, build } = handler([
        { name: FUNNEL, activeVersion: 1, build: building },
      ]);
      const refusal = await refusalOf(build.execute(new StartReportBuildCommand(FUNNEL)));
      expect(refusal.code).toBe('conflict');
      expect(store.streamIds()).toEqual([]);
      expect(started).toEqual([]);
    });

    it('should build again a build that stopped half-way', async () => {
      const { started, build } = handler([
        { name: FUNNEL, activeVersion: 0, build: { ...building, running: false } },
      ]);
      await build.execute(new StartReportBuildCommand(FUNNEL));
      expect(started).toEqual([FUNNEL]);
    });

    it('should refuse a report there is not, starting nothing', async () => {
      const { store, started, build } = handler();
      const refusal = await refusalOf(build.execute(new StartReportBuildCommand('report_nope')));
      expect(refusal.code).toBe('not_found');
      expect(store.streamIds()).toEqual([]);
      expect(started).toEqual([]);
    });
  });
});
