import { randomInt, randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LOG_START } from '#src/platform/event-store/event-store.types.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { AddPipelineColumnCommand } from '#src/modules/leads/commands/add-pipeline-column/add-pipeline-column.command.js';
import { EditPipelineColumnCommand } from '#src/modules/leads/commands/edit-pipeline-column/edit-pipeline-column.command.js';
import { RemovePipelineColumnCommand } from '#src/modules/leads/commands/remove-pipeline-column/remove-pipeline-column.command.js';
import { MergeLeadCommand } from '#src/modules/leads/commands/merge-lead/merge-lead.command.js';
import { RestoreLeadCommand } from '#src/modules/leads/commands/restore-lead/restore-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { UpdateLeadCommand } from '#src/modules/leads/commands/update-lead/update-lead.command.js';
import { COLUMN_COLORS } from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { ChangePasswordCommand } from '#src/modules/team/commands/change-password/change-password.command.js';
import { LogInCommand } from '#src/modules/team/commands/log-in/log-in.command.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { createTestLead, testLeadCommand } from '../support/leads.js';
import { isRefusal, jitterQueries, mulberry32 } from '../support/random-histories.js';
import { createMember, STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';
import type { RunningApp } from '../support/test-app.js';

const ROLES: StaffRole[] = ['manager', 'salesperson'];
const HISTORIES = 3;
const WORKERS = 6;
const STEPS_PER_WORKER = 25;

interface World {
  members: { id: string; email: string; password: string; busy: boolean }[];
  leads: string[];
}

type Step = (bus: CommandBus, world: World, pick: <T>(items: readonly T[]) => T) => Promise<void>;

/** Commands on a few members, leads and columns, so that writers meet on the same streams. */
function stepsOf(columns: PipelineColumnsRepository): Record<string, Step> {
  const anyColumn = async (pick: <T>(items: readonly T[]) => T) =>
    pick((await columns.load()).columns);
  return {
    async changeRole(bus, world, pick) {
      await bus.execute(new ChangeMemberCommand(pick(world.members).id, { role: pick(ROLES) }));
    },
    async changeName(bus, world, pick) {
      const firstName = pick(['Aino', 'Eero', 'Ilona', 'Oskari']);
      await bus.execute(
        new ChangeMemberCommand(pick(world.members).id, {
          profile: { firstName, lastName: 'Replay', email: pick(world.members).email },
        }),
      );
    },
    async setActive(bus, world, pick) {
      await bus.execute(new SetMemberActiveCommand(pick(world.members).id, pick([true, false])));
    },
    async changePassword(bus, world, pick) {
      const member = pick(world.members);
      if (member.busy) return;
      member.busy = true;
      try {
        const next = `${STAFF_PASSWORD} ${randomInt(1e9)}`;
        await bus.execute(
          new ChangePasswordCommand(member.id, randomUUID(), member.password, next),
        );
        member.password = next;
      } finally {
        member.busy = false;
      }
    },
    async logIn(bus, world, pick) {
      const member = pick(world.members);
      await bus.execute(new LogInCommand(member.email, member.password, 'replay-test'));
    },
    async moveLead(bus, world, pick) {
      const column = await anyColumn(pick);
      await bus.execute(new UpdateLeadCommand({ leadId: pick(world.leads), status: column.id }));
    },
    async noteLead(bus, world, pick) {
      const notes = pick(['soitettu', 'tarjous lähetetty', 'odottaa mittausta']);
      await bus.execute(new UpdateLeadCommand({ leadId: pick(world.leads), notes }));
    },
    async createDuplicate(bus, world, pick) {
      // The same name is the same e-mail: the new lead is linked to the active ones that have it.
      const [first] = (await columns.load()).columns;
      const lastName = pick(['0', '1']);
      const { leadId } = await bus.execute(
        testLeadCommand({
          source: pick(['quote', 'contact_form'] as const),
          firstName: 'Replay',
          lastName,
          address: '',
          city: '',
          doorStyle: null,
          doors: 0,
          drawers: 0,
          metres: 0,
          totalPrice: 0,
          status: first.id,
        }),
      );
      world.leads.push(leadId);
    },
    async mergeLead(bus, world, pick) {
      const [from, into] = [pick(world.leads), pick(world.leads)];
      await bus.execute(new MergeLeadCommand(from, into));
    },
    async trashOrRestore(bus, world, pick) {
      const leadId = pick(world.leads);
      await bus.execute(
        pick([true, false]) ? new TrashLeadCommand(leadId) : new RestoreLeadCommand(leadId),
      );
    },
    async addColumn(bus, _world, pick) {
      await bus.execute(
        new AddPipelineColumnCommand(`Vaihe ${randomInt(1e6)}`, pick(COLUMN_COLORS)),
      );
    },
    async editColumn(bus, _world, pick) {
      const column = await anyColumn(pick);
      await bus.execute(new EditPipelineColumnCommand(column.id, { color: pick(COLUMN_COLORS) }));
    },
    async removeColumn(bus, _world, pick) {
      const all = (await columns.load()).columns;
      if (all.length < 4) return;
      const [gone, heir] = [pick(all), pick(all)];
      if (gone.id === heir.id) return;
      await bus.execute(new RemovePipelineColumnCommand(gone.id, heir.id));
    },
  };
}

/** Every row of every projection's views, in a stable order, as of one moment. */
async function snapshot(testApp: RunningApp, manager: ProjectionManager) {
  const tables: Record<string, unknown[]> = {};
  const client = await testApp.db.pool.connect();
  try {
    await client.query('begin isolation level repeatable read');
    for (const def of manager.projections) {
      for (const table of def.tables) {
        const { rows } = await client.query<{ row: unknown }>(
          `select to_jsonb(t) as row from ${table} t order by to_jsonb(t)::text`,
        );
        tables[table] = rows.map((r) => r.row);
      }
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  return tables;
}

/** Streams whose events a reader of the whole log (as projections read it) gets out of order. */
async function streamsOutOfOrder(store: EventStore): Promise<string[]> {
  const lastSeen = new Map<string, number>();
  const outOfOrder: string[] = [];
  // A small batch, so that many batch boundaries fall inside streams.
  for (let after = LOG_START; ;) {
    const batch = await store.readAll(after, 37);
    if (batch.length === 0) return outOfOrder;
    for (const event of batch) {
      const previous = lastSeen.get(event.streamId) ?? 0;
      if (event.streamVersion !== previous + 1) {
        outOfOrder.push(`${event.streamId} v${event.streamVersion} after v${previous}`);
      }
      lastSeen.set(event.streamId, event.streamVersion);
    }
    const last = batch[batch.length - 1];
    after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
}

/** The app's own runner may hold a projection's batch: wait until nothing is left to apply. */
async function caughtUp(manager: ProjectionManager): Promise<void> {
  for (;;) {
    await manager.catchUp();
    if ((await manager.status()).every((s) => s.lag === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('projection replay', () => {
  const testApp = useTestApp();

  it('should rebuild every projection equal to the live one after random concurrent histories', async () => {
    const bus = testApp.app.get(CommandBus);
    const manager = testApp.app.get(ProjectionManager);
    const columns = testApp.app.get(PipelineColumnsRepository);
    const steps = stepsOf(columns);
    // Member edits racing password changes (credentials first, then the event) most often meet
    // a transaction that took its id before another one appended to the same stream.
    const stepNames = [...Object.keys(steps), 'changeRole', 'setActive', 'changePassword'];
    const baseSeed = Number(process.env.REPLAY_SEED ?? randomInt(2 ** 31));
    // Reports are built only on request: built now, they are kept live through the histories.
    await manager.rebuild(manager.projections.filter((p) => p.rebuildOnRequest).map((p) => p.name));
    const unexpected: string[] = [];
    let applied = 0;

    for (let history = 0; history < HISTORIES; history++) {
      const seed = baseSeed + history;
      const random = mulberry32(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const world: World = { members: [], leads: [] };
      for (let i = 0; i < 3; i++) {
        const member = await createMember(testApp, pick(ROLES));
        world.members.push({ ...member, password: STAFF_PASSWORD, busy: false });
      }
      // An earlier history may have removed any column, 'new' included.
      const [firstColumn] = (await columns.load()).columns;
      for (let i = 0; i < 4; i++) {
        world.leads.push(
          await createTestLead(testApp, {
            firstName: 'Replay',
            lastName: `${i}`,
            status: firstColumn.id,
          }),
        );
      }

      const stopJitter = jitterQueries(random, { outside: 2, inside: 15 });
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          for (let n = 0; n < STEPS_PER_WORKER; n++) {
            const name = pick(stepNames);
            try {
              await steps[name](bus, world, pick);
              applied++;
            } catch (error) {
              if (!isRefusal(error)) unexpected.push(`${name}: ${(error as Error).message}`);
            }
          }
        }),
      ).finally(stopJitter);

      await caughtUp(manager);
      const outOfOrder = await streamsOutOfOrder(testApp.app.get(EventStore));
      const live = await snapshot(testApp, manager);
      for (const def of manager.projections) await manager.rebuild(def.name);
      const rebuilt = await snapshot(testApp, manager);

      const context = `seed ${seed} (REPLAY_SEED=${baseSeed}, history ${history})`;
      expect({ context, unexpected }).toEqual({ context, unexpected: [] });
      expect({ context, outOfOrder }).toEqual({ context, outOfOrder: [] });
      expect({ context, tables: rebuilt }).toEqual({ context, tables: live });
    }
    expect(applied).toBeGreaterThan(HISTORIES * WORKERS * STEPS_PER_WORKER * 0.3);
  });
});
