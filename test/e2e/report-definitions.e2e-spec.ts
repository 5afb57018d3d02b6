import type {
  ReportDefinitionInput,
  ReportSummary,
  ReportView,
  ReportVocabulary,
} from '#src/contract/reports.js';
import { reportMonth } from '#src/modules/reports/projections/report-rows.js';
import { DefinedReports } from '#src/modules/reports/queries/defined-reports.js';
import { useTestApp } from '../support/app-fixture.js';
import { createTestLead } from '../support/leads.js';
import { LEADS_BY_MONTH } from '../support/report-definitions.js';
import { bearer } from '../support/staff.js';

const QUOTES_BY_STYLE_AND_MONTH: ReportDefinitionInput = {
  ...LEADS_BY_MONTH,
  title: 'Quotes per door style per month',
  groupBy: ['doorStyle', 'month'],
};

describe('Reports an admin defines', () => {
  const month = reportMonth(new Date());

  const testApp = useTestApp();
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Lahti' });
  const manager = testApp.signedIn('manager');

  beforeAll(async () => {
    await createTestLead(testApp, { firstName: 'Matti', lastName: 'Virtanen', totalPrice: 2000 });
    await createTestLead(testApp, { firstName: 'Liisa', lastName: 'Mäkinen', totalPrice: 3000 });
  });

  async function define(definition: ReportDefinitionInput): Promise<string> {
    const { body } = await testApp.api
      .post('/api/admin/report-definitions')
      .set(bearer(admin.token))
      .send(definition)
      .expect(201);
    return (body as { name: string }).name;
  }

  /** Polls until the report's newest revision is built and live. */
  async function ready(name: string, until: (view: ReportView) => boolean = () => true) {
    for (let attempt = 0; attempt < 300; attempt++) {
      const { body } = await testApp.api
        .get(`/api/admin/reports/${name}`)
        .set(bearer(manager.token))
        .expect(200);
      const view = body as ReportView;
      if (view.build?.error) throw new Error(`build failed: ${view.build.error}`);
      if (view.state === 'ready' && !view.outdated && !view.build && until(view)) return view;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${name} never became ready`);
  }

  const rowsOf = (view: ReportView) => view.content!.tables[0].rows;
  const definitionEvents = async () =>
    (
      await testApp.db.pool.query<{ n: number }>(
        "select count(*)::int as n from events where type like 'ReportDefin%'",
      )
    ).rows[0].n;
  const tablesOf = async (name: string) =>
    (
      await testApp.db.pool.query<{ tablename: string }>(
        'select tablename from pg_tables where tablename like $1 order by 1',
        [`${name.replace(/_/g, '\\_')}%`],
      )
    ).rows.map((row) => row.tablename);

  describe('GET /api/admin/report-definitions/vocabulary', () => {
    it('should offer every declared event type with its numeric fields, and the groupings', async () => {
      const { body } = await testApp.api
        .get('/api/admin/report-definitions/vocabulary')
        .set(bearer(admin.token))
        .expect(200);
      const vocabulary = body as ReportVocabulary;
      expect(vocabulary.eventTypes).toContainEqual({
        type: 'LeadCreated',
        numericFields: ['doors', 'drawers', 'metres', 'totalPrice'],
      });
      expect(vocabulary.eventTypes.map((t) => t.type)).toEqual(
        expect.arrayContaining(['LeadStatusChanged', 'EmailQueued', 'ReportDefined']),
      );
      expect(vocabulary.groupings.map((g) => g.value)).toContain('doorStyle');
    });

    it('should refuse a manager with 403 and an anonymous caller with 401', async () => {
      await testApp.api
        .get('/api/admin/report-definitions/vocabulary')
        .set(bearer(manager.token))
        .expect(403);
      await testApp.api.get('/api/admin/report-definitions/vocabulary').expect(401);
    });
  });

  describe('POST /api/admin/report-definitions', () => {
    it('should build a defined report from the whole log, list it with who defined it, and keep it live', async () => {
      const name = await define(QUOTES_BY_STYLE_AND_MONTH);
      expect(name).toMatch(/^report_def_[0-9a-f]{10}$/);
      const view = await ready(name);
      expect(rowsOf(view)).toEqual([{ doorStyle: 'Uritettu', month, events: 2 }]);
      expect(view.content!.chart).toEqual({
        title: 'Quotes per door style per month',
        categories: [month],
        series: [{ label: 'Uritettu', data: [2] }],
      });
      expect(view.definition).toMatchObject({
        ...QUOTES_BY_STYLE_AND_MONTH,
        revision: 1,
        shownRevision: 1,
        definedBy: 'Anna Lahti',
      });

      const { body: list } = await testApp.api
        .get('/api/admin/reports')
        .set(bearer(manager.token))
        .expect(200);
      expect((list as ReportSummary[]).map((r) => r.name)).toContain(name);

      await createTestLead(testApp, { firstName: 'Juha', lastName: 'Nieminen' });
      const live = await ready(name, (v) => rowsOf(v)[0]?.events === 3);
      expect(rowsOf(live)).toEqual([{ doorStyle: 'Uritettu', month, events: 3 }]);
    });

    it('should sum a numeric field and measure the time between two event types of a stream', async () => {
      const sum = await define({
        title: 'Quoted value by source',
        eventTypes: ['LeadCreated'],
        measure: { kind: 'sum', field: 'totalPrice' },
        groupBy: ['source'],
      });
      const lead = await createTestLead(testApp, {
        firstName: 'Eino',
        lastName: 'Korhonen',
        totalPrice: 1234.56,
      });
      const duration = await define({
        title: 'Hours to the first move',
        eventTypes: [],
        measure: { kind: 'duration', from: 'LeadCreated', to: 'LeadStatusChanged' },
        groupBy: ['column'],
      });
      await testApp.api
        .put(`/api/admin/quotes/${lead}`)
        .set(bearer(admin.token))
        .send({ status: 'contacted' })
        .expect(200);
      const summed = await ready(sum);
      expect(rowsOf(summed)).toEqual([{ source: 'Quote', events: 4, figure: 7734.56 }]);
      const measured = await ready(duration, (v) => rowsOf(v).length > 0);
      expect(rowsOf(measured)).toEqual([
        { column: 'contacted', events: 1, figure: expect.any(Number) },
      ]);
      expect(measured.content!.tables[0].columns.map((c) => c.label)).toEqual([
        'Column',
        'Measured',
        'Average hours',
      ]);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an unknown event type', { eventTypes: ['QuoteSent'] }, 'eventTypes[0]'],
      ['an unknown field', { measure: { kind: 'sum', field: 'price' } }, 'measure.field'],
      ['a sum over a text field', { measure: { kind: 'sum', field: 'message' } }, 'measure.field'],
      ['a sum over a label', { measure: { kind: 'sum', field: 'status' } }, 'measure.field'],
      ['an unknown grouping', { groupBy: ['colour'] }, 'groupBy[0]'],
      ['an unknown measure', { measure: { kind: 'median' } }, 'measure.kind'],
      ['a measure that is not an object', { measure: 'count' }, 'measure'],
      ['event types that are not a list', { eventTypes: 'LeadCreated' }, 'eventTypes'],
    ])('should refuse %s with 400 naming %s, and store nothing', async (_, change, field) => {
      const before = await definitionEvents();
      const { body: listBefore } = await testApp.api
        .get('/api/admin/reports')
        .set(bearer(admin.token));
      const { body } = await testApp.api
        .post('/api/admin/report-definitions')
        .set(bearer(admin.token))
        .send({ ...QUOTES_BY_STYLE_AND_MONTH, ...change })
        .expect(400);
      expect((body as { message: string }).message).toContain(field);
      if (field.includes('.') || field.includes('['))
        expect((body as { fields: { field: string }[] }).fields[0].field).toBe(field);
      expect(await definitionEvents()).toBe(before);
      const { body: listAfter } = await testApp.api
        .get('/api/admin/reports')
        .set(bearer(admin.token));
      expect(listAfter).toHaveLength((listBefore as unknown[]).length);
    });

    it('should refuse a manager with 403', async () => {
      await testApp.api
        .post('/api/admin/report-definitions')
        .set(bearer(manager.token))
        .send(QUOTES_BY_STYLE_AND_MONTH)
        .expect(403);
    });
  });

  describe('PUT /api/admin/report-definitions/:id', () => {
    it('should build the new revision beside the old one, then drop the old one', async () => {
      const name = await define({ ...QUOTES_BY_STYLE_AND_MONTH, title: 'Quotes by month' });
      const id = name.replace('report_def_', '');
      await ready(name);
      expect(await tablesOf(`${name}_1_`)).not.toEqual([]);
      await testApp.api
        .put(`/api/admin/report-definitions/${id}`)
        .set(bearer(admin.token))
        .send({ ...QUOTES_BY_STYLE_AND_MONTH, title: 'Quotes by week', groupBy: ['week'] })
        .expect(204);
      const view = await ready(name, (v) => v.definition?.shownRevision === 2);
      expect(view.title).toBe('Quotes by week');
      expect(view.definition).toMatchObject({ revision: 2, groupBy: ['week'] });
      const { rows: leads } = await testApp.db.pool.query<{ n: number }>(
        "select count(*)::int as n from events where type = 'LeadCreated'",
      );
      expect(rowsOf(view)).toEqual([
        { week: expect.stringMatching(/^\d{4}-W\d{2}$/), events: leads[0].n },
      ]);
      await testApp.app.get(DefinedReports).settled();
      expect(await tablesOf(`${name}_1_`)).toEqual([]);
      expect(await tablesOf(`${name}_2_`)).toEqual([`${name}_2_totals_v1`]);
      const { rows } = await testApp.db.pool.query<{ actor: string }>(
        `select metadata->>'actorName' as actor from events where type = 'ReportDefinitionChanged'`,
      );
      expect(rows).toEqual([{ actor: 'Anna Lahti' }]);
    });

    it('should refuse a bad definition with 400 and keep the revision', async () => {
      const name = await define({ ...QUOTES_BY_STYLE_AND_MONTH, title: 'Kept as it is' });
      const id = name.replace('report_def_', '');
      const { body } = await testApp.api
        .put(`/api/admin/report-definitions/${id}`)
        .set(bearer(admin.token))
        .send({ ...QUOTES_BY_STYLE_AND_MONTH, measure: { kind: 'sum', field: 'message' } })
        .expect(400);
      expect((body as { message: string }).message).toMatch(/^measure\.field: /);
      const view = await ready(name);
      expect(view.definition).toMatchObject({ revision: 1, measure: { kind: 'count' } });
    });

    it('should answer 404 for a report nobody defined', async () => {
      await testApp.api
        .put('/api/admin/report-definitions/0000000000')
        .set(bearer(admin.token))
        .send(QUOTES_BY_STYLE_AND_MONTH)
        .expect(404);
      await testApp.api
        .put('/api/admin/report-definitions/not-an-id')
        .set(bearer(admin.token))
        .send(QUOTES_BY_STYLE_AND_MONTH)
        .expect(404);
    });
  });

  describe('DELETE /api/admin/report-definitions/:id', () => {
    it('should remove the report from the tab and drop its tables', async () => {
      const name = await define({ ...QUOTES_BY_STYLE_AND_MONTH, title: 'Short-lived' });
      const id = name.replace('report_def_', '');
      await ready(name);
      await testApp.api
        .delete(`/api/admin/report-definitions/${id}`)
        .set(bearer(manager.token))
        .expect(403);
      await testApp.api
        .delete(`/api/admin/report-definitions/${id}`)
        .set(bearer(admin.token))
        .expect(204);
      const { body } = await testApp.api
        .get('/api/admin/reports')
        .set(bearer(admin.token))
        .expect(200);
      expect((body as ReportSummary[]).map((r) => r.name)).not.toContain(name);
      await testApp.api.get(`/api/admin/reports/${name}`).set(bearer(admin.token)).expect(404);
      await testApp.app.get(DefinedReports).settled();
      expect(await tablesOf(name)).toEqual([]);
      const { rows } = await testApp.db.pool.query(
        'select name from projections where name like $1',
        [`${name}%`],
      );
      expect(rows).toEqual([]);
      await testApp.api
        .delete(`/api/admin/report-definitions/${id}`)
        .set(bearer(admin.token))
        .expect(404);
    });
  });

  describe('POST /api/admin/reports/:name/build', () => {
    it('should rebuild a defined report beside its live build, to the same figures', async () => {
      const name = await define({ ...QUOTES_BY_STYLE_AND_MONTH, title: 'Rebuilt' });
      const built = await ready(name);
      await testApp.api
        .post(`/api/admin/reports/${name}/build`)
        .set(bearer(manager.token))
        .expect(202);
      const rebuilt = await ready(name);
      expect(rebuilt.content).toEqual(built.content);
      expect(await tablesOf(`${name}_1_`)).toEqual([`${name}_1_streams_v2`, `${name}_1_totals_v2`]);
    });
  });
});
