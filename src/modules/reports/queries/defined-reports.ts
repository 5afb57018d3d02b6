import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { RUN_PROJECTIONS } from '#src/platform/event-store/event-store.module.js';
import { EventTypeRegistry } from '#src/platform/event-store/event-types.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import type { ReportVocabulary } from '#src/contract/reports.js';
import { MembersReader } from '#src/modules/team/index.js';
import { reportVocabulary } from '#src/modules/reports/domain/report-definition.rules.js';
import type { ReportDefinitionData } from '#src/modules/reports/domain/report-definition.events.js';
import {
  DefinedReport,
  definedReportName,
} from '#src/modules/reports/projections/defined.report.js';
import { REPORT_DEFINITIONS_TABLE } from '#src/modules/reports/projections/report-definitions.projection.js';

/** The name a defined report goes by in the API, whatever its revision. */
export const definedReportApiName = (definitionId: string) => `report_def_${definitionId}`;

export interface DefinedReportEntry {
  apiName: string;
  firstDefinedAt: number;
  /** The newest revision: what the report is now. */
  latest: DefinedReport;
  definedBy: string;
  definedAt: string;
  /** The revision whose build is live: the newest once built, else the one before it. */
  shown: DefinedReport | null;
}

interface RevisionRow {
  definition_id: string;
  revision: number;
  definition: ReportDefinitionData;
  defined_by: string;
  defined_at: Date;
  removed_at: Date | null;
}

/** Other instances learn of a definition this often (and at once on any Reports request). */
const SYNC_INTERVAL_MS = 5000;
const UNDEFINED_TABLE = '42P01';

/**
 * Keeps this process's projections in step with the reports admins defined: each revision is a
 * projection of its own, registered and built when it appears, and the one before it dropped
 * once the new one is built; a removed definition's builds are all dropped.
 */
@Injectable()
export class DefinedReports implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DefinedReports');
  private readonly registered = new Map<string, DefinedReport>();
  private readonly dropping = new Map<string, Promise<void>>();
  /** Revisions this process started a build of (a failed one is retried only when asked). */
  private readonly attempted = new Set<string>();
  /** Revisions known to have nothing left to drop. */
  private readonly gone = new Set<string>();
  private entries: DefinedReportEntry[] = [];
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly projections: ProjectionManager,
    private readonly eventTypes: EventTypeRegistry,
    private readonly members: MembersReader,
    @Inject(RUN_PROJECTIONS) private readonly runProjections: boolean,
  ) {}

  onApplicationBootstrap(): void {
    // A command-line tool keeps nothing live, so it neither registers nor builds these.
    if (!this.runProjections) return;
    this.timer = setInterval(() => void this.sync().catch(() => undefined), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
    await Promise.allSettled(this.dropping.values());
  }

  vocabulary(): ReportVocabulary {
    return reportVocabulary(this.eventTypes.declarations);
  }

  /** The defined reports as last synced, oldest first. */
  async list(): Promise<DefinedReportEntry[]> {
    await this.sync();
    return this.entries;
  }

  /** One defined report by its API name. */
  async find(apiName: string): Promise<DefinedReportEntry | undefined> {
    return (await this.list()).find((entry) => entry.apiName === apiName);
  }

  /** Resolves when every drop started so far has ended (tests, tools). */
  async settled(): Promise<void> {
    await this.running;
    await Promise.allSettled(this.dropping.values());
  }

  /** Reads the definitions and registers, builds and drops to match; one run at a time. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running.then(async () => {
      this.queued = null;
      if (this.stopped || !this.runProjections) return;
      await this.syncOnce();
    });
    this.queued = next;
    this.running = next.catch((error: Error) =>
      this.logger.warn(`syncing defined reports failed: ${error.message}`),
    );
    return next;
  }

  private async syncOnce(): Promise<void> {
    const [revisions, built] = await Promise.all([this.revisions(), this.builtNames()]);
    const byDefinition = new Map<string, RevisionRow[]>();
    for (const row of revisions) {
      const list = byDefinition.get(row.definition_id) ?? [];
      list.push(row);
      byDefinition.set(row.definition_id, list);
    }
    const entries: DefinedReportEntry[] = [];
    const keep = new Set<string>();
    for (const [definitionId, rows] of byDefinition) {
      if (rows[0].removed_at) continue;
      const last = rows[rows.length - 1];
      const latest = this.projectionOf(last.definition);
      keep.add(latest.name);
      let shown: DefinedReport | null = built.has(latest.name) ? latest : null;
      if (!shown) {
        // The revision before serves while the new one builds (and is kept live meanwhile).
        const previous = [...rows]
          .reverse()
          .find((row) => built.has(definedReportName(definitionId, row.revision)));
        if (previous) {
          shown = this.projectionOf(previous.definition);
          keep.add(shown.name);
        }
      }
      entries.push({
        firstDefinedAt: rows[0].defined_at.getTime(),
        apiName: definedReportApiName(definitionId),
        latest,
        definedBy: last.defined_by,
        definedAt: last.defined_at.toISOString(),
        shown,
      });
    }
    this.entries = entries.sort((a, b) => a.firstDefinedAt - b.firstDefinedAt);
    for (const name of keep) {
      const report = this.registered.get(name) ?? this.projectionOfName(name, revisions);
      if (!this.registered.has(name)) {
        this.projections.register(report);
        this.registered.set(name, report);
      }
      if (!built.has(name) && !this.attempted.has(name)) {
        this.attempted.add(name);
        void this.projections
          .buildInBackground(name)
          .then(() => this.sync().catch(() => undefined));
      }
    }
    // Every other revision, registered here or left in the database, goes.
    for (const row of revisions) {
      const name = definedReportName(row.definition_id, row.revision);
      if (keep.has(name) || this.dropping.has(name) || this.gone.has(name)) continue;
      if (!this.registered.has(name) && !built.has(name) && !(await this.hasBuild(name))) {
        this.gone.add(name);
        continue;
      }
      const report = this.registered.get(name) ?? this.projectionOf(row.definition);
      this.registered.delete(name);
      const drop = this.projections
        .remove(report)
        .then(() => void this.gone.add(name))
        .catch((error: Error) => this.logger.warn(`dropping ${name} failed: ${error.message}`))
        .finally(() => this.dropping.delete(name));
      this.dropping.set(name, drop);
    }
  }

  private projectionOf(definition: ReportDefinitionData): DefinedReport {
    const name = definedReportName(definition.definitionId, definition.revision);
    return this.registered.get(name) ?? new DefinedReport(definition, () => this.memberNames());
  }

  private projectionOfName(name: string, revisions: RevisionRow[]): DefinedReport {
    const row = revisions.find((r) => definedReportName(r.definition_id, r.revision) === name)!;
    return this.projectionOf(row.definition);
  }

  private async memberNames(): Promise<ReadonlyMap<string, string>> {
    const members = await this.members.list();
    return new Map(members.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()]));
  }

  private async revisions(): Promise<RevisionRow[]> {
    try {
      const { rows } = await this.pool.query<RevisionRow>(
        `select definition_id, revision, definition, defined_by, defined_at, removed_at
         from ${REPORT_DEFINITIONS_TABLE} order by definition_id, revision`,
      );
      return rows;
    } catch (error) {
      // Before the first start has built the definitions table there are none.
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
      throw error;
    }
  }

  /** Defined reports' projections with a live build. */
  private async builtNames(): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ name: string }>(
      `select name from projections where name like 'report\\_def\\_%' and active_version > 0`,
    );
    return new Set(rows.map((row) => row.name));
  }

  private async hasBuild(name: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      'select 1 from projection_checkpoints where name = $1 limit 1',
      [name],
    );
    return rows.length > 0;
  }
}
