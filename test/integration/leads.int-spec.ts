import { existsSync } from 'node:fs';
import { CommandBus } from '@nestjs/cqrs';
import { AddPipelineColumnCommand } from '#src/modules/leads/commands/add-pipeline-column/add-pipeline-column.command.js';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import { RemovePipelineColumnCommand } from '#src/modules/leads/commands/remove-pipeline-column/remove-pipeline-column.command.js';
import { RestoreLeadCommand } from '#src/modules/leads/commands/restore-lead/restore-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { UpdateLeadCommand } from '#src/modules/leads/commands/update-lead/update-lead.command.js';
import { LEAD_EVENT_TYPES, type LeadEvent } from '#src/modules/leads/domain/lead.events.js';
import { foldLead } from '#src/modules/leads/domain/lead.state.js';
import {
  PIPELINE_STREAM_ID,
  PIPELINE_STREAM_TYPE,
} from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { LeadHistoryReader } from '#src/modules/audit/queries/lead-history.reader.js';
import { LeadReader } from '#src/modules/leads/queries/lead.reader.js';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';
import type { LocalFileStore } from '#src/platform/storage/local-file-store.js';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LOG_START, type RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { testLeadCommand, testLeadInput, type TestLeadOptions } from '../support/leads.js';
import { useTestApp } from '../support/app-fixture.js';

const anna: Actor = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Anna Admin',
  role: 'admin',
};
const sami: Actor = {
  id: '00000000-0000-4000-8000-00000000000b',
  name: 'Sami Seller',
  role: 'salesperson',
};
const STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'closed'];

describe('Leads against PostgreSQL', () => {
  let bus: CommandBus;

  // The async runner is off: tests catch projections up themselves, deterministically.
  const testApp = useTestApp({ runProjections: false });

  beforeAll(async () => {
    bus = testApp.app.get(CommandBus);
  });

  const as = <T>(actor: Actor, work: () => Promise<T>) =>
    RequestContext.run({ requestId: crypto.randomUUID(), actor }, work);

  const createLead = (
    firstName: string,
    totalPrice = 1000,
    extra: TestLeadOptions = {},
    status?: string,
  ) =>
    as(sami, () =>
      bus.execute(
        testLeadCommand({
          firstName,
          lastName: 'Testinen',
          email: `${firstName.toLowerCase()}@example.fi`,
          phone: '+358 40 000 0000',
          address: 'Katu 1',
          city: 'Espoo',
          doorStyle: 'Kehysovi',
          doors: 4,
          drawers: 1,
          metres: 1.5,
          totalPrice,
          status,
          ...extra,
        }),
      ),
    );

  /** A kitchen photo and its render stored for the visitor, as the visualizer stores them. */
  async function visualize(visitorId: string): Promise<string[]> {
    const store = testApp.app.get(VisualizationStore);
    const id = store.newId();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    await store.save(
      { id, visitorId, patternId: 'NH10', renderer: 'local' },
      { original: jpeg, rendered: jpeg },
    );
    await testApp.app.get(EventStore).append(
      `visitor-${visitorId}`,
      'any',
      [
        {
          type: 'VisualizationGenerated',
          data: { visualizationId: id, patternId: 'NH10', durationMs: 1, renderer: 'local' },
        },
      ],
      { streamType: 'visitor' },
    );
    const disk = store.files.store as LocalFileStore;
    const paths = [store.originalName(id), store.renderName(id)].map((name) =>
      disk.pathOf(store.files.key(name)),
    );
    expect(paths.filter((path) => existsSync(path))).toEqual(paths);
    return paths;
  }

  async function allEvents(): Promise<RecordedEvent[]> {
    return testApp.app.get(EventStore).readAll(LOG_START, 1_000_000, { personalData: true });
  }

  describe('CreateLeadCommand', () => {
    it('should return the first lead for a retried idempotency key', async () => {
      const input = testLeadInput({
        firstName: 'Retry',
        lastName: 'Once',
        totalPrice: 950,
        idempotencyKey: 'quote-form-submission-1',
      });
      const first = await bus.execute(new CreateLeadCommand(input));
      const second = await bus.execute(new CreateLeadCommand(input));
      expect(second).toEqual(first);
      const created = (await allEvents()).filter(
        (e) => e.type === 'LeadCreated' && e.streamId === `lead-${first.leadId}`,
      );
      expect(created).toHaveLength(1);
    });
  });

  describe('concurrent changes', () => {
    it('should accept one of two changes made from the same version and refuse the other', async () => {
      const { leadId, version } = await createLead('Kilpa');
      const results = await Promise.allSettled([
        as(anna, () =>
          bus.execute(
            new UpdateLeadCommand({ leadId, expectedVersion: version, status: 'closed' }),
          ),
        ),
        as(sami, () =>
          bus.execute(
            new UpdateLeadCommand({ leadId, expectedVersion: version, notes: 'Sami was here' }),
          ),
        ),
      ]);
      const fulfilled = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect(rejected[0].reason).toBeInstanceOf(ConcurrencyError);
      const winner = results[0].status === 'fulfilled' ? anna : sami;
      expect((rejected[0].reason as ConcurrencyError).changedBy).toBe(winner.name);
      const stream = await testApp.app.get(EventStore).readStream(`lead-${leadId}`);
      expect(stream).toHaveLength(2);
      expect(stream[1].metadata.actorName).toBe(winner.name);
      // The loser retries from the version it now sees: nothing is lost.
      const loser = winner === anna ? sami : anna;
      await as(loser, () =>
        bus.execute(
          new UpdateLeadCommand(
            loser === anna
              ? { leadId, expectedVersion: 2, status: 'closed' }
              : { leadId, expectedVersion: 2, notes: 'Sami was here' },
          ),
        ),
      );
      const lead = await testApp.app.get(LeadReader).get(leadId);
      expect(lead).toMatchObject({ status: 'closed', notes: 'Sami was here', version: 3 });
    });
  });

  describe('projections', () => {
    beforeAll(async () => {
      // A busy pipeline: moves by different staff, price changes, trash and restore.
      for (let i = 0; i < 40; i++) {
        const { leadId } = await createLead(`Lead${i}`, 500 + i * 37.5);
        const actor = i % 2 ? anna : sami;
        await as(actor, () =>
          bus.execute(new UpdateLeadCommand({ leadId, status: STATUSES[i % STATUSES.length] })),
        );
        if (i % 3 === 0)
          await as(actor, () =>
            bus.execute(new UpdateLeadCommand({ leadId, order: { totalPrice: 2000 + i } })),
          );
        if (i % 4 === 0) await as(actor, () => bus.execute(new TrashLeadCommand(leadId)));
        if (i % 8 === 0) await as(actor, () => bus.execute(new RestoreLeadCommand(leadId)));
      }
      await testApp.app.get(ProjectionManager).catchUp();
    });

    it('should keep stats equal to a recount from the log', async () => {
      const byLead = new Map<string, LeadEvent[]>();
      for (const event of await allEvents()) {
        // Lead streams only: `lead-retention` shares their prefix.
        if (!(LEAD_EVENT_TYPES as readonly string[]).includes(event.type)) continue;
        byLead.set(event.streamId, [
          ...(byLead.get(event.streamId) ?? []),
          event as unknown as LeadEvent,
        ]);
      }
      const active = [...byLead.values()]
        .map((events) => foldLead(events))
        .filter((lead) => lead.exists && !lead.trashed && !lead.erased);
      const sum = (leads: typeof active) =>
        Math.round(leads.reduce((total, l) => total + l.order.totalPrice, 0) * 100) / 100;
      const closed = active.filter((l) => l.status === 'closed');
      const open = active.filter((l) => l.status !== 'closed');
      const stats = await testApp.app.get(LeadReader).stats();
      expect(stats).toMatchObject({
        totalQuotes: active.length,
        totalRevenue: sum(closed),
        potentialRevenue: sum(open),
        activeLeads: open.length,
      });
      expect(closed.length).toBeGreaterThan(0);
    });

    it('should rebuild projections equal to the live ones', async () => {
      const snapshot = async () => ({
        leads: (await testApp.db.pool.query('select * from lead_list order by id')).rows,
        stats: (await testApp.db.pool.query('select * from lead_stats order by status')).rows,
      });
      const live = await snapshot();
      const manager = testApp.app.get(ProjectionManager);
      await manager.rebuild('lead_list');
      await manager.rebuild('lead_stats');
      const rebuilt = await snapshot();
      expect(rebuilt.leads.length).toBeGreaterThan(40);
      expect(rebuilt).toEqual(live);
    });
  });

  describe('EraseLeadCommand', () => {
    it('should leave no personal data anywhere while the history shows the erasure', async () => {
      const secret = {
        lastName: 'Qwertyson',
        email: 'zyx.secret@example.fi',
        phone: '+358 44 987 6543',
        address: 'Salakuja 99',
        message: 'Ovet ovat vihreät Xylofonisti',
      };
      const visitorId = crypto.randomUUID();
      const { leadId } = await createLead('Ximena', 1234, { ...secret, visitorId });
      const photos = await visualize(visitorId);
      expect(
        (await testApp.app.get(LeadHistoryReader).history(leadId)).map((e) => e.type),
      ).toContain('VisualizationGenerated');
      await as(sami, () =>
        bus.execute(
          new UpdateLeadCommand({
            leadId,
            contact: { phone: '+358 44 111 9999', firstName: 'Ximenna' },
            notes: 'Knows Xylofonisti personally',
          }),
        ),
      );
      await as(sami, () => bus.execute(new TrashLeadCommand(leadId)));
      await as(anna, () => bus.execute(new EraseLeadCommand(leadId)));
      await testApp.app.get(ProjectionManager).catchUp();

      const needles = [
        'Ximena',
        'Ximenna',
        'Qwertyson',
        'zyx.secret',
        '987 6543',
        '111 9999',
        'Salakuja',
        'Xylofonisti',
      ];
      const { rows: tables } = await testApp.db.pool.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type in ('BASE TABLE', 'VIEW')`,
      );
      for (const { name } of tables) {
        const { rows } = await testApp.db.pool.query<{ row: string }>(
          `select t::text as row from "${name}" t`,
        );
        const text = rows.map((r) => r.row).join('\n');
        for (const needle of needles)
          expect({ table: name, found: text.includes(needle) }).toEqual({
            table: name,
            found: false,
          });
      }
      const stream = await testApp.app.get(EventStore).readStream(`lead-${leadId}`);
      expect(
        stream.filter((e) => e.personalData !== undefined).every((e) => e.personalData === null),
      ).toBe(true);
      const history = await testApp.app.get(LeadHistoryReader).history(leadId);
      expect(history[0]).toMatchObject({ type: 'LeadErased', actorName: 'Anna Admin' });
      expect(history.at(-1)).toMatchObject({ type: 'LeadCreated', actorName: 'Sami Seller' });
      expect(JSON.stringify(history)).not.toMatch(/Ximen|Qwerty|Xylofon/);
      // The link to the visitor is gone, and so are the kitchen photo and its render.
      expect(history.map((e) => e.type)).not.toContain('VisualizationGenerated');
      const { rows: leadEvents } = await testApp.db.pool.query<{ row: string }>(
        'select e::text as row from events e where stream_id = $1',
        [`lead-${leadId}`],
      );
      expect(leadEvents.map((e) => e.row).join('\n')).not.toContain(visitorId);
      const { rows: left } = await testApp.db.pool.query(
        'select id from visualizations where visitor_id = $1',
        [visitorId],
      );
      expect(left).toEqual([]);
      expect(photos.filter((path) => existsSync(path))).toEqual([]);
    });
  });

  describe('RemovePipelineColumnCommand', () => {
    const statusCount = async (status: string) =>
      (
        await testApp.db.pool.query<{ n: number }>(
          'select count(*)::int as n from lead_list where status = $1',
          [status],
        )
      ).rows[0].n;

    it('should move every lead out, also those created into the column while it is removed', async () => {
      await as(anna, () => bus.execute(new AddPipelineColumnCommand('Odottaa', 'orange')));
      const held = 150; // several batches of moves
      for (let i = 0; i < held; i += 25) {
        await Promise.all(
          Array.from({ length: 25 }, (_, j) => createLead(`Odottava${i + j}`, 1000, {}, 'odottaa')),
        );
      }
      const { leadId: trashed } = await createLead('Roskissa', 1000, {}, 'odottaa');
      await as(sami, () => bus.execute(new TrashLeadCommand(trashed)));
      const inTarget = await statusCount('proposal');

      const removal = as(anna, () =>
        bus.execute(new RemovePipelineColumnCommand('odottaa', 'proposal')),
      );
      // Arrivals decided on the old columns either land before the removal commits (and move) or
      // are decided again on the new ones, which no longer have the column: refused.
      const arrivals = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => createLead(`Myöhäinen${i}`, 1000, {}, 'odottaa')),
      );
      const { movedLeads } = await removal;
      const arrived = arrivals.filter((a) => a.status === 'fulfilled').length;

      expect(await statusCount('odottaa')).toBe(0);
      expect(movedLeads).toBe(held + 1 + arrived);
      expect(await statusCount('proposal')).toBe(inTarget + movedLeads);
      expect(await testApp.app.get(LeadReader).get(trashed)).toMatchObject({
        status: 'proposal',
      });
      const { rows } = await testApp.db.pool.query<{ data: { movedLeadsTo: string } }>(
        `select data from events where type = 'PipelineColumnRemoved' and data->>'id' = 'odottaa'`,
      );
      expect(rows.map((r) => r.data.movedLeadsTo)).toEqual(['proposal']);
    });

    const columnIds = async () =>
      (await testApp.app.get(PipelineColumnsRepository).load()).columns.map((c) => c.id);

    it('should refuse to remove a column holding only a trashed lead without a target', async () => {
      await as(anna, () => bus.execute(new AddPipelineColumnCommand('Kesken', 'orange')));
      const { leadId } = await createLead('Keskeneräinen', 1000, {}, 'kesken');
      await as(sami, () => bus.execute(new TrashLeadCommand(leadId)));

      const refused = await as(anna, () =>
        bus.execute(new RemovePipelineColumnCommand('kesken', null)),
      ).catch((error: unknown) => error);

      expect(refused).toMatchObject({ code: 'invalid' });
      expect(await columnIds()).toContain('kesken');
      expect(await testApp.app.get(LeadReader).get(leadId)).toMatchObject({ status: 'kesken' });
    });

    it('should remove a column whose only lead was erased without a target, moving nothing', async () => {
      await as(anna, () => bus.execute(new AddPipelineColumnCommand('Tauko', 'orange')));
      const { leadId } = await createLead('Poistuva', 1000, {}, 'tauko');
      await as(sami, () => bus.execute(new TrashLeadCommand(leadId)));
      await as(anna, () => bus.execute(new EraseLeadCommand(leadId)));

      const { movedLeads } = await as(anna, () =>
        bus.execute(new RemovePipelineColumnCommand('tauko', null)),
      );

      expect(movedLeads).toBe(0);
      expect(await columnIds()).not.toContain('tauko');
      const { rows } = await testApp.db.pool.query<{ data: { movedLeadsTo: string | null } }>(
        `select data from events where type = 'PipelineColumnRemoved' and data->>'id' = 'tauko'`,
      );
      expect(rows.map((r) => r.data.movedLeadsTo)).toEqual([null]);
    });
  });

  describe('pipeline columns changed by another instance', () => {
    // Appended straight to the log, as another app instance would: this one's kept columns go stale.
    const changeColumnsElsewhere = (type: string, data: Record<string, unknown>) =>
      testApp.app
        .get(EventStore)
        .append(PIPELINE_STREAM_ID, 'any', [{ type, data }], { streamType: PIPELINE_STREAM_TYPE });

    it('should decide lead commands again on the columns as they are now', async () => {
      const { leadId, version } = await createLead('Vanha');
      await changeColumnsElsewhere('PipelineColumnAdded', {
        id: 'won',
        name: 'Won',
        color: 'green',
      });
      await as(anna, () =>
        bus.execute(new UpdateLeadCommand({ leadId, expectedVersion: version, status: 'won' })),
      );
      expect(await testApp.app.get(LeadReader).get(leadId)).toMatchObject({
        status: 'won',
      });

      await changeColumnsElsewhere('PipelineColumnRemoved', { id: 'new', movedLeadsTo: null });
      const { leadId: later } = await createLead('Uusi');
      // The first column is now 'contacted': a new lead never lands in a removed column.
      expect(await testApp.app.get(LeadReader).get(later)).toMatchObject({
        status: 'contacted',
      });
    });

    it('should still fold a recolouring stored under its event type’s old British name', async () => {
      await changeColumnsElsewhere('PipelineColumnRecoloured', {
        id: 'qualified',
        from: 'green',
        to: 'pink',
      });
      const { rows } = await testApp.db.pool.query<{ type: string }>(
        'select type from events where stream_id = $1 order by stream_version desc limit 1',
        [PIPELINE_STREAM_ID],
      );
      expect(rows[0].type).toBe('PipelineColumnRecoloured');
      const { columns } = await testApp.app.get(PipelineColumnsRepository).load();
      expect(columns.find((c) => c.id === 'qualified')).toMatchObject({ color: 'pink' });
      const [last] = (await testApp.app.get(EventStore).readStream(PIPELINE_STREAM_ID)).slice(-1);
      expect(last.type).toBe('PipelineColumnRecolored');
    });
  });
});
