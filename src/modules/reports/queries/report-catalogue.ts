import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import {
  ProjectionManager,
  type ProjectionStatus,
} from '#src/platform/projections/projection-manager.js';
import type { ReportSummary, ReportView } from '#src/contract/reports.js';
import {
  UNKNOWN_REPORT_STATE,
  type ReportBuildState,
} from '#src/modules/reports/domain/report-build.decide.js';
import type { ReportProjection } from '#src/modules/reports/projections/report-projection.js';
import { DefinedReports, type DefinedReportEntry } from './defined-reports.js';

export const REPORT_LIST = Symbol('REPORT_LIST');

/** The reports there are, how far each is built, and what each shows. */
@Injectable()
export class ReportCatalogue {
  constructor(
    @Inject(REPORT_LIST) private readonly reports: readonly ReportProjection[],
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly projections: ProjectionManager,
    private readonly defined: DefinedReports,
  ) {}

  /** The built-in reports, then those admins defined, oldest first. */
  async list(): Promise<ReportSummary[]> {
    const entries = await this.defined.list();
    const statuses = await this.statuses();
    return [
      ...this.reports.map((report) => summaryOf(report, statuses.get(report.name))),
      ...entries.map((entry) => definedSummaryOf(entry, statuses)),
    ];
  }

  async view(name: string): Promise<ReportView> {
    if (await this.defined.find(name)) return this.viewDefined(name);
    const report = this.find(name);
    const summary = summaryOf(report, (await this.statuses()).get(name));
    if (summary.state !== 'ready') return summary;
    const content = await report.read(this.pool).catch((error: unknown) => {
      if (summary.outdated && readsWhatTheBuildLacks(error)) return undefined;
      throw error;
    });
    return content ? { ...summary, content } : summary;
  }

  /**
   * The revision a defined report shows; the one before an edit is dropped once the edit is
   * built, possibly between finding it and reading it: then the new one is read.
   */
  private async viewDefined(name: string, attempts = 2): Promise<ReportView> {
    const entry = await this.defined.find(name);
    if (!entry) throw new Refusal('not_found', `No report named ${name}`);
    const summary = definedSummaryOf(entry, await this.statuses());
    if (!entry.shown) return summary;
    try {
      return { ...summary, content: await entry.shown.read(this.pool) };
    } catch (error) {
      if (attempts > 1 && (error as { code?: string }).code === UNDEFINED_TABLE)
        return this.viewDefined(name, attempts - 1);
      throw error;
    }
  }

  /** The projection a build of the report `name` builds: a defined report's newest revision. */
  async projectionOf(name: string): Promise<string> {
    return (await this.defined.find(name))?.latest.name ?? name;
  }

  async buildState(name: string): Promise<ReportBuildState> {
    const entry = await this.defined.find(name);
    if (entry) {
      const status = (await this.statuses()).get(entry.latest.name);
      return {
        known: true,
        built: (status?.activeVersion ?? 0) > 0,
        building: status?.build?.running ?? false,
      };
    }
    if (!this.reports.some((report) => report.name === name)) return UNKNOWN_REPORT_STATE;
    const status = (await this.statuses()).get(name);
    return {
      known: true,
      built: (status?.activeVersion ?? 0) > 0,
      building: status?.build?.running ?? false,
    };
  }

  private find(name: string): ReportProjection {
    const report = this.reports.find((r) => r.name === name);
    if (!report) throw new Refusal('not_found', `No report named ${name}`);
    return report;
  }

  private async statuses(): Promise<Map<string, ProjectionStatus>> {
    return new Map((await this.projections.status()).map((status) => [status.name, status]));
  }
}

/**
 * A defined report as the tab lists it: ready once a revision is built, outdated while an edit's
 * new revision builds beside it, with the build of the newest revision.
 */
function definedSummaryOf(
  entry: DefinedReportEntry,
  statuses: Map<string, ProjectionStatus>,
): ReportSummary {
  const { latest, shown } = entry;
  const status = statuses.get(latest.name);
  const { definitionId, revision, title, eventTypes, measure, groupBy } = latest.definition;
  return {
    ...summaryOf(latest, status),
    name: entry.apiName,
    state: shown ? 'ready' : 'not_built',
    outdated: !!shown && shown !== latest,
    definition: {
      definitionId,
      revision,
      title,
      eventTypes,
      measure,
      groupBy,
      definedBy: entry.definedBy,
      definedAt: entry.definedAt,
      shownRevision: shown?.definition.revision ?? null,
    },
  };
}

function summaryOf(report: ReportProjection, status: ProjectionStatus | undefined): ReportSummary {
  const build = status?.build;
  return {
    name: report.name,
    title: report.title,
    description: report.description,
    state: status && status.activeVersion > 0 ? 'ready' : 'not_built',
    outdated: status?.outdated ?? false,
    ...(build && {
      build: {
        processed: build.processed,
        total: build.total,
        eventsPerSecond: build.eventsPerSecond,
        secondsLeft: build.secondsLeft,
        running: build.running,
        error: build.error,
      },
    }),
  };
}

/**
 * A build made by older code keeps serving while the new code can read it; once the new code
 * reads tables or columns that build never had, the report shows as outdated without content
 * until it is rebuilt.
 */
function readsWhatTheBuildLacks(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === UNDEFINED_TABLE || code === UNDEFINED_COLUMN;
}

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_COLUMN = '42703';
