/**
 * Fills a benchmark's database with leads the way production writes them: about ten events per
 * lead through the real EventStore append with its inline projections, several appends in flight.
 */
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent } from '#src/platform/event-store/event-store.types.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';

/** The default pipeline columns, in board order. */
export const PIPELINE = ['new', 'contacted', 'qualified', 'proposal', 'closed'];

const LOAD_CONCURRENCY = 16;
const FIRST = ['Aino', 'Eino', 'Helmi', 'Väinö', 'Sofia', 'Leevi', 'Aada', 'Onni', 'Ella', 'Eetu'];
const LAST = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Laine', 'Heikkinen', 'Koskinen'];
const DAY_MS = 86_400_000;

/** One lead's ten events: arrival, four moves, three note edits, two detail edits. */
function leadHistory(i: number): NewEvent[] {
  const leadId = randomUUID();
  const start = Date.now() - 180 * DAY_MS + (i % 170) * DAY_MS;
  const at = (step: number) => new Date(start + step * 3_600_000);
  const price = 950 + (i % 400) * 10;
  const firstName = FIRST[i % FIRST.length];
  const lastName = LAST[(i * 7) % LAST.length];
  const events: NewEvent[] = [
    {
      type: 'LeadCreated',
      data: {
        leadId,
        source: 'quote',
        status: 'new',
        doorStyle: 'Uritettu',
        doors: 8,
        drawers: 2,
        metres: 2,
        totalPrice: price,
      },
      personalData: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${i}@example.fi`,
        phone: '+358 40 123 4567',
        address: `Katu ${i}`,
        city: 'Helsinki',
        country: 'FI',
      },
      occurredAt: at(0),
    },
  ];
  const finalStage = i % PIPELINE.length;
  let status = 'new';
  for (let step = 1; step <= 4; step++) {
    const to = PIPELINE[(finalStage + step) % PIPELINE.length];
    const next =
      step === 4
        ? PIPELINE[finalStage]
        : to === status
          ? PIPELINE[(finalStage + step + 1) % 5]
          : to;
    events.push({
      type: 'LeadStatusChanged',
      data: { from: status, to: next },
      occurredAt: at(step),
    });
    status = next;
  }
  let notes = '';
  for (let step = 5; step <= 7; step++) {
    const to = `Note ${step} about lead ${i}`;
    events.push({
      type: 'LeadNotesChanged',
      data: {},
      personalData: { from: notes, to },
      occurredAt: at(step),
    });
    notes = to;
  }
  for (let step = 8; step <= 9; step++) {
    events.push({
      type: 'LeadDetailsChanged',
      data: { changes: { doors: { from: 8 + step - 8, to: 9 + step - 8 } } },
      personalData: { changes: {} },
      occurredAt: at(step),
    });
  }
  return events.filter(
    (e) => e.type !== 'LeadStatusChanged' || (e.data.from as string) !== (e.data.to as string),
  );
}

/**
 * Appends `leads` leads to `app`'s event store, spread evenly over the pipeline, then lets the
 * async projections catch up and refreshes the planner statistics, so what follows reads a
 * settled database. Logs its progress.
 */
export async function loadLeads(app: NestExpressApplication, leads: number): Promise<void> {
  const store = app.get(EventStore);
  let started = Date.now();
  let next = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (next < leads) {
        const i = next++;
        const history = leadHistory(i);
        const leadId = history[0].data.leadId as string;
        await store.append(`lead-${leadId}`, 'no_stream', history, {
          streamType: 'lead',
          subjectId: `lead:${leadId}`,
        });
        events += history.length;
        if ((i + 1) % 10_000 === 0) console.log(`loaded ${i + 1} leads`);
      }
    }),
  );
  console.log(
    `loaded ${leads} leads, ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  started = Date.now();
  await app.get(ProjectionManager).catchUp();
  console.log(`stats projection caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Autovacuum would get here on its own in a running system; a bulk load outruns it, and without
  // the visibility map every count reads the heap. Measure the steady state, not the aftermath.
  await app.get<pg.Pool>(PG_POOL).query('vacuum (analyze)');
}
