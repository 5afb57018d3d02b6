import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeReportDefinitionCommand } from '#src/modules/reports/commands/change-report-definition/change-report-definition.command.js';
import { DefineReportCommand } from '#src/modules/reports/commands/define-report/define-report.command.js';
import { RemoveReportDefinitionCommand } from '#src/modules/reports/commands/remove-report-definition/remove-report-definition.command.js';
import { StartReportBuildCommand } from '#src/modules/reports/commands/build-report/start-report-build.command.js';
import { reportStreamId } from '#src/modules/reports/domain/report.events.js';
import { reportDefinitionStreamId } from '#src/modules/reports/domain/report-definition.events.js';
import { definedReportName } from '#src/modules/reports/projections/defined.report.js';
import {
  DefinedReports,
  definedReportApiName,
} from '#src/modules/reports/queries/defined-reports.js';
import { ReportCatalogue } from '#src/modules/reports/queries/report-catalogue.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { useTestApp } from '../support/app-fixture.js';
import { refusalOf } from '../support/refusal.js';
import { LEADS_BY_MONTH } from '../support/report-definitions.js';

/**
 * The reports' definition and build handlers through the command bus on a real database: what
 * they must leave behind is projections registered, built and dropped, tables an in-memory
 * event store has none of.
 */
describe('Report definition and build handlers against PostgreSQL', () => {
  let bus: CommandBus;
  const admin: Actor = { id: null, name: 'Report admin', role: 'admin' };

  const testApp = useTestApp();

  beforeAll(async () => {
    bus = testApp.app.get(CommandBus);
  });

  const asAdmin = <T>(work: () => Promise<T>) =>
    RequestContext.run({ requestId: randomUUID(), actor: admin }, work);
  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    testApp.db.pool.query<T>(text, values).then((r) => r.rows);
  /** Every table, view and projection record a revision of the definition has in the database. */
  const leftOf = async (definitionId: string) => {
    const prefix = `report_def_${definitionId}_%`.replaceAll('_', '\\_').replace('\\_%', '_%');
    const relations = await sql<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_name like $1 order by 1`,
      [prefix],
    );
    const records = await sql<{ name: string }>(
      `select name from projections where name like $1
       union all select name from projection_checkpoints where name like $1 order by 1`,
      [prefix],
    );
    return { relations: relations.map((r) => r.name), records: records.map((r) => r.name) };
  };
  const built = async (projection: string) =>
    (
      await sql<{ n: number }>(
        'select count(*)::int as n from projections where name = $1 and active_version > 0',
        [projection],
      )
    )[0].n === 1;
  /** Waits for the background build a definition starts, and for the drops after it. */
  const untilBuilt = async (projection: string) => {
    const defined = testApp.app.get(DefinedReports);
    for (let i = 0; i < 200 && !(await built(projection)); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await built(projection)).toBe(true);
    await defined.sync();
    await defined.settled();
  };
  const define = async (definition = LEADS_BY_MONTH) => {
    const { definitionId } = await asAdmin(() => bus.execute(new DefineReportCommand(definition)));
    await untilBuilt(definedReportName(definitionId, 1));
    return definitionId;
  };
  const eventsOf = (streamId: string) =>
    sql<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [
      streamId,
    ]).then((rows) => rows.map((r) => r.type));
  const apiNames = async () =>
    (await testApp.app.get(ReportCatalogue).list()).map((summary) => summary.name);

  describe('RemoveReportDefinition', () => {
    it("should drop every table and record of the report's build and leave the tab", async () => {
      const definitionId = await define();
      expect((await leftOf(definitionId)).relations).not.toEqual([]);

      await asAdmin(() => bus.execute(new RemoveReportDefinitionCommand(definitionId)));
      await testApp.app.get(DefinedReports).settled();

      expect(await leftOf(definitionId)).toEqual({ relations: [], records: [] });
      expect(await apiNames()).not.toContain(definedReportApiName(definitionId));
      expect(await eventsOf(reportDefinitionStreamId(definitionId))).toEqual([
        'ReportDefined',
        'ReportDefinitionRemoved',
      ]);
    });

    it('should refuse a definition removed already and append nothing', async () => {
      const definitionId = await define();
      await asAdmin(() => bus.execute(new RemoveReportDefinitionCommand(definitionId)));

      const refusal = await refusalOf(
        asAdmin(() => bus.execute(new RemoveReportDefinitionCommand(definitionId))),
      );
      expect(refusal.code).toBe('not_found');
      expect(await eventsOf(reportDefinitionStreamId(definitionId))).toHaveLength(2);
    });
  });

  describe('ChangeReportDefinition', () => {
    it("should build the new revision and then drop the old one's tables", async () => {
      const definitionId = await define();

      await asAdmin(() =>
        bus.execute(
          new ChangeReportDefinitionCommand(definitionId, {
            ...LEADS_BY_MONTH,
            groupBy: ['source'],
          }),
        ),
      );
      await untilBuilt(definedReportName(definitionId, 2));

      const left = await leftOf(definitionId);
      expect(left.relations.length).toBeGreaterThan(0);
      expect(left.relations.every((name) => name.startsWith(`report_def_${definitionId}_2`))).toBe(
        true,
      );
      expect(left.records.every((name) => name === definedReportName(definitionId, 2))).toBe(true);
      const summary = (await testApp.app.get(ReportCatalogue).list()).find(
        (s) => s.name === definedReportApiName(definitionId),
      );
      expect(summary?.definition).toEqual(
        expect.objectContaining({ revision: 2, groupBy: ['source'], shownRevision: 2 }),
      );
    });

    it('should append nothing for an edit that changes nothing', async () => {
      const definitionId = await define();
      await asAdmin(() =>
        bus.execute(new ChangeReportDefinitionCommand(definitionId, LEADS_BY_MONTH)),
      );
      expect(await eventsOf(reportDefinitionStreamId(definitionId))).toEqual(['ReportDefined']);
    });

    it('should refuse an event type no module declares, before appending', async () => {
      const definitionId = await define();
      const refused = await asAdmin(() =>
        bus.execute(
          new ChangeReportDefinitionCommand(definitionId, {
            ...LEADS_BY_MONTH,
            eventTypes: ['NoSuchEvent'],
          }),
        ),
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Refusal);
      expect(await eventsOf(reportDefinitionStreamId(definitionId))).toEqual(['ReportDefined']);
    });

    it('should refuse a removed definition', async () => {
      const definitionId = await define();
      await asAdmin(() => bus.execute(new RemoveReportDefinitionCommand(definitionId)));
      const refusal = await refusalOf(
        asAdmin(() => bus.execute(new ChangeReportDefinitionCommand(definitionId, LEADS_BY_MONTH))),
      );
      expect(refusal.code).toBe('not_found');
    });
  });

  describe('StartReportBuild', () => {
    it('should record a rebuild of a defined report and answer its summary', async () => {
      const definitionId = await define();
      const name = definedReportApiName(definitionId);

      const summary = await asAdmin(() => bus.execute(new StartReportBuildCommand(name)));

      expect(summary.name).toBe(name);
      expect(await eventsOf(reportStreamId(name))).toEqual(['ReportBuildStarted']);
      const [started] = await sql<{ data: { rebuild: boolean } }>(
        'select data from events where stream_id = $1',
        [reportStreamId(name)],
      );
      expect(started.data.rebuild).toBe(true);
    });

    it('should refuse a report nobody defined and append nothing', async () => {
      const name = definedReportApiName(randomUUID());
      const refusal = await refusalOf(
        asAdmin(() => bus.execute(new StartReportBuildCommand(name))),
      );
      expect(refusal.code).toBe('not_found');
      expect(await eventsOf(reportStreamId(name))).toEqual([]);
    });
  });
});
