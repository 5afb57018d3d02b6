import { randomInt, randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import { RestoreLeadCommand } from '#src/modules/leads/commands/restore-lead/restore-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import {
  UpdateLeadCommand,
  type UpdateLeadInput,
} from '#src/modules/leads/commands/update-lead/update-lead.command.js';
import { DOOR_STYLES, type LeadSource } from '#src/modules/leads/domain/lead.types.js';
import { DEFAULT_COLUMNS } from '#src/modules/leads/domain/pipeline.state.js';
import type { ReportDefinitionInput, ReportSummary } from '#src/contract/reports.js';
import { DefineReportCommand } from '#src/modules/reports/commands/define-report/define-report.command.js';
import { definedReportName } from '#src/modules/reports/projections/defined.report.js';
import { DefinedReports } from '#src/modules/reports/queries/defined-reports.js';
import { ReportCatalogue } from '#src/modules/reports/queries/report-catalogue.js';
import {
  VISITOR_STREAM_TYPE,
  VISUALIZATION_GENERATED,
  visitorStreamId,
} from '#src/modules/visualizer/visualizer.constants.js';
import { testLeadCommand } from '../support/leads.js';
import { isRefusal, jitterQueries, mulberry32 } from '../support/random-histories.js';
import { createMember } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const WORKERS = 6;
const STEPS_PER_WORKER = 500;
const VISITORS = 40;
const PATTERNS = ['NH10', 'NH12', 'WG01', 'MS07', 'ST33'];
const STATUSES = DEFAULT_COLUMNS.map((column) => column.id);

interface World {
  staff: Actor[];
  visitors: string[];
  leads: string[];
  /** One clock for every worker, so months and stays come out of the history, not of the run. */
  clock: number;
}

type Pick = <T>(items: readonly T[]) => T;
type Step = (bus: CommandBus, world: World, pick: Pick, at: Date) => Promise<unknown>;

/** A step that changes a lead picked at random, by what `change` picks. */
const updateStep =
  (change: (world: World, pick: Pick) => Omit<UpdateLeadInput, 'leadId'>): Step =>
  (bus, world, pick, at) =>
    bus.execute(
      new UpdateLeadCommand({ leadId: pick(world.leads), ...change(world, pick), occurredAt: at }),
    );

const steps: Record<string, { weight: number; actor: 'public' | 'staff'; run: Step }> = {
  visualize: {
    weight: 3,
    actor: 'public',
    run: (_bus, world, pick, at) =>
      testApp.app.get(EventStore).append(
        visitorStreamId(pick(world.visitors)),
        'any',
        [
          {
            type: VISUALIZATION_GENERATED,
            data: {
              visualizationId: randomUUID(),
              patternId: pick(PATTERNS),
              durationMs: 1,
              renderer: 'local',
            },
            occurredAt: at,
          },
        ],
        { streamType: VISITOR_STREAM_TYPE },
      ),
  },
  quote: {
    weight: 3,
    actor: 'public',
    run: async (bus, world, pick, at) => {
      const source = pick<LeadSource>(['quote', 'quote', 'contact_form']);
      world.leads.push(
        await createLead(bus, source, pick, at, pick([pick(world.visitors), undefined])),
      );
    },
  },
  manualLead: {
    weight: 1,
    actor: 'staff',
    run: async (bus, world, pick, at) => {
      world.leads.push(await createLead(bus, 'manual', pick, at));
    },
  },
  move: {
    weight: 6,
    actor: 'staff',
    run: updateStep((_world, pick) => ({
      status: pick(STATUSES),
    })),
  },
  edit: {
    weight: 2,
    actor: 'staff',
    run: updateStep((_world, pick) => ({
      order: pick([{ doorStyle: pick(DOOR_STYLES) }, { totalPrice: 950 + randomInt(40) * 100 }]),
      notes: pick([undefined, 'soitettu']),
    })),
  },
  trashOrRestore: {
    weight: 2,
    actor: 'staff',
    run: (bus, world, pick, at) => {
      const leadId = pick(world.leads);
      return bus.execute(
        pick([true, false])
          ? new TrashLeadCommand(leadId, undefined, at)
          : new RestoreLeadCommand(leadId, undefined, at),
      );
    },
  },
  assign: {
    weight: 2,
    actor: 'staff',
    run: updateStep((world, pick) => ({
      ownerId: pick([...world.staff.map((member) => member.id), null]),
    })),
  },
  erase: {
    weight: 1,
    actor: 'staff',
    run: (bus, world, pick) => bus.execute(new EraseLeadCommand(pick(world.leads))),
  },
};
const stepNames = Object.entries(steps).flatMap(([name, { weight }]) =>
  Array<string>(weight).fill(name),
);

async function createLead(
  bus: CommandBus,
  source: LeadSource,
  pick: Pick,
  at: Date,
  visitorId?: string,
): Promise<string> {
  const { leadId } = await bus.execute(
    testLeadCommand({
      source,
      firstName: 'Replay',
      lastName: pick(['Virtanen', 'Korhonen', 'Mäkinen']),
      email: 'replay@example.fi',
      phone: '+358 40 111 2222',
      city: 'Espoo',
      doorStyle: source === 'contact_form' ? null : pick(DOOR_STYLES),
      doors: 6,
      drawers: 2,
      metres: 2,
      totalPrice: source === 'contact_form' ? 0 : 950 + randomInt(40) * 100,
      visitorId,
      occurredAt: at,
    }),
  );
  return leadId;
}

/** Reports an admin could define: every measure, every grouping, lead streams and others. */
const DEFINED_REPORTS: ReportDefinitionInput[] = [
  {
    title: 'Leads and moves by door style and month',
    eventTypes: ['LeadCreated', 'LeadStatusChanged'],
    measure: { kind: 'count' },
    groupBy: ['doorStyle', 'month'],
  },
  {
    title: 'Quoted value by source and week',
    eventTypes: ['LeadCreated'],
    measure: { kind: 'sum', field: 'totalPrice' },
    groupBy: ['source', 'week'],
  },
  {
    title: 'Price changes by owner',
    eventTypes: ['LeadDetailsChanged'],
    measure: { kind: 'sum', field: 'changes.totalPrice.to' },
    groupBy: ['owner'],
  },
  {
    title: 'Hours from arrival to a move, by column and owner',
    eventTypes: [],
    measure: { kind: 'duration', from: 'LeadCreated', to: 'LeadStatusChanged' },
    groupBy: ['column', 'owner'],
  },
  {
    title: 'Renders by month',
    eventTypes: ['VisualizationGenerated'],
    measure: { kind: 'count' },
    groupBy: ['month'],
  },
];

let testApp: TestApp;

/** The projection a report's build builds: a defined report's is its newest revision's. */
const projectionOf = (summary: ReportSummary) =>
  summary.definition
    ? definedReportName(summary.definition.definitionId, summary.definition.revision)
    : summary.name;

/** Every report as the tab shows it, and every row of its tables. */
async function reportsNow() {
  const catalogue = testApp.app.get(ReportCatalogue);
  const manager = testApp.app.get(ProjectionManager);
  const shown: Record<string, unknown> = {};
  const rows: Record<string, unknown[]> = {};
  for (const summary of await catalogue.list()) {
    shown[summary.name] = (await catalogue.view(summary.name)).content;
    const def = manager.projections.find((p) => p.name === projectionOf(summary))!;
    for (const table of def.tables) {
      const { rows: found } = await testApp.db.pool.query<{ row: unknown }>(
        `select to_jsonb(t) as row from ${table} t order by to_jsonb(t)::text`,
      );
      rows[table] = found.map((r) => r.row);
    }
  }
  return { shown, rows };
}

async function caughtUp(manager: ProjectionManager): Promise<void> {
  for (;;) {
    await manager.catchUp();
    if ((await manager.status()).every((s) => s.lag === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('reports by replay', () => {
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('should build each report by replay equal to the one kept live through a random concurrent history', async () => {
    const seed = Number(process.env.REPORTS_REPLAY_SEED ?? randomInt(2 ** 31));
    const context = `seed ${seed} (rerun with REPORTS_REPLAY_SEED=${seed})`;
    const random = mulberry32(seed);
    const pick: Pick = (items) => items[Math.floor(random() * items.length)];
    const bus = testApp.app.get(CommandBus);
    const manager = testApp.app.get(ProjectionManager);
    const admin: Actor = { id: null, name: 'Replay admin', role: 'admin' };
    for (const definition of DEFINED_REPORTS) {
      await RequestContext.run({ requestId: randomUUID(), actor: admin }, () =>
        bus.execute(new DefineReportCommand(definition)),
      );
    }
    const reports = (await testApp.app.get(ReportCatalogue).list()).map(projectionOf);
    expect(reports).toHaveLength(5 + DEFINED_REPORTS.length);
    await manager.rebuild(reports);

    const world: World = {
      staff: [],
      visitors: Array.from({ length: VISITORS }, () => randomUUID()),
      leads: [],
      clock: Date.parse('2026-01-05T08:00:00Z'),
    };
    for (const role of ['admin', 'manager', 'salesperson', 'salesperson'] as const) {
      const member = await createMember(testApp, role);
      world.staff.push({ id: member.id, name: `${role} ${world.staff.length}`, role });
    }
    await createLead(bus, 'quote', pick, new Date(world.clock)).then((id) => world.leads.push(id));

    const unexpected: string[] = [];
    const stopJitter = jitterQueries(random, { outside: 0.5, inside: 3 });
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let n = 0; n < STEPS_PER_WORKER; n++) {
          const name = pick(stepNames);
          const step = steps[name];
          world.clock += Math.floor(random() * 12 * 3_600_000);
          const actor: Actor =
            step.actor === 'public'
              ? { id: null, name: 'public', role: 'public' }
              : pick(world.staff);
          try {
            await RequestContext.run({ requestId: randomUUID(), actor }, () =>
              step.run(bus, world, pick, new Date(world.clock)),
            );
          } catch (error) {
            if (!isRefusal(error)) unexpected.push(`${name}: ${(error as Error).message}`);
          }
        }
      }),
    ).finally(stopJitter);

    await testApp.app.get(DefinedReports).settled();
    await caughtUp(manager);
    const live = await reportsNow();
    await manager.rebuild(reports);
    const replayed = await reportsNow();

    expect({ context, unexpected }).toEqual({ context, unexpected: [] });
    const { rows } = await testApp.db.pool.query<{ n: number }>(
      'select count(*)::int as n from events',
    );
    expect(rows[0].n).toBeGreaterThan(2000);
    // Each report saw something worth comparing.
    const sources = live.shown.report_lead_sources as {
      tables: { rows: Record<string, number>[] }[];
    };
    expect(sources.tables[0].rows.some((row) => row.visualizer_quote > 0)).toBe(true);
    expect(sources.tables[1].rows.length).toBeGreaterThan(0);
    // Every defined report counted something, owners among its groups.
    for (const [name, content] of Object.entries(live.shown)) {
      if (!name.startsWith('report_def_')) continue;
      const { tables } = content as { tables: { rows: Record<string, unknown>[] }[] };
      expect({ context, name, rows: tables[0].rows.length > 1 }).toEqual({
        context,
        name,
        rows: true,
      });
    }
    for (const table of Object.keys(live.rows)) {
      expect({ context, table, rows: live.rows[table].length > 0 }).toEqual({
        context,
        table,
        rows: true,
      });
    }
    expect({ context, reports: replayed.shown }).toEqual({ context, reports: live.shown });
    expect({ context, tables: replayed.rows }).toEqual({ context, tables: live.rows });
  }, 300_000);
});
