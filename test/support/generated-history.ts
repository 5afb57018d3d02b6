import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';

/**
 * A large, realistic lead history written straight into the log (no commands, no inline
 * projections), for builds worth watching and for benchmarks. Each lead: created (personal data
 * sealed as the app seals it, a third from visualizer visitors), moved through the pipeline
 * `moves` times by one of a few staff members, edited once; each visitor rendered a pattern
 * before asking. About `3 + moves` events per lead.
 */
export async function generateLeadHistory(
  pool: pg.Pool,
  vault: PersonalDataVault,
  { leads, moves = 7 }: { leads: number; moves?: number },
): Promise<number> {
  const chunk = 5000;
  const staff = Array.from({ length: 6 }, (_, i) => ({
    actorId: randomUUID(),
    actorName: `Staff ${i + 1}`,
    actorRole: i === 0 ? 'admin' : i < 3 ? 'manager' : 'salesperson',
    correlationId: randomUUID(),
    causationId: null,
  }));
  const publicActor = {
    actorId: null,
    actorName: 'public',
    actorRole: 'public',
    correlationId: randomUUID(),
    causationId: null,
  };
  const client = await pool.connect();
  try {
    await client.query(`create temp table generated_leads (
      n int primary key, id uuid not null, visitor_id uuid, created_at timestamptz not null)`);
    // Staged first, then written to the log in the order things happened, as a real log is.
    await client.query(`create temp table generated_events (
      stream_id text not null, stream_version int not null, type text not null, data jsonb not null,
      metadata jsonb not null, occurred_at timestamptz not null)`);
    for (let from = 0; from < leads; from += chunk) {
      const rows = Array.from({ length: Math.min(chunk, leads - from) }, (_, i) => {
        const n = from + i;
        return {
          n,
          id: randomUUID(),
          visitorId: n % 3 === 0 ? randomUUID() : null,
          // Two years of history, oldest first.
          createdAt: new Date(Date.now() - (leads - n) * ((730 * 86_400_000) / leads)),
        };
      });
      const keys = await vault.keysFor(
        rows.map((row) => `lead:${row.id}`),
        client,
      );
      const events = rows.map((row) => ({
        stream_id: `lead-${row.id}`,
        data: {
          leadId: row.id,
          source: row.n % 10 === 9 ? 'contact_form' : row.n % 10 === 8 ? 'manual' : 'quote',
          status: 'new',
          doorStyle: ['Tasapintainen', 'Uritettu', 'Kehysovi', 'Vetimetön'][row.n % 4],
          doors: 8 + (row.n % 10),
          drawers: 4,
          metres: 3,
          totalPrice: 1200 + (row.n % 40) * 100,
          $personal: vault.seal(keys.get(`lead:${row.id}`)!.key, `lead:${row.id}`, {
            firstName: 'Generated',
            lastName: `Lead ${row.n}`,
            email: `lead${row.n}@example.fi`,
            phone: '+358 40 111 2222',
            address: 'Testikatu 1',
            city: 'Espoo',
            country: 'FI',
            ...(row.visitorId ? { visitorId: row.visitorId } : {}),
          }),
        },
        metadata: row.n % 10 === 8 ? staff[row.n % staff.length] : publicActor,
        occurred_at: row.createdAt,
      }));
      await client.query(
        `insert into generated_leads (n, id, visitor_id, created_at)
         select * from jsonb_to_recordset($1::jsonb) as r(n int, id uuid, visitor_id uuid, created_at timestamptz)`,
        [
          JSON.stringify(
            rows.map((r) => ({
              n: r.n,
              id: r.id,
              visitor_id: r.visitorId,
              created_at: r.createdAt,
            })),
          ),
        ],
      );
      await client.query(
        `insert into generated_events
         select 'visitor-' || g.visitor_id, 1, 'VisualizationGenerated',
           jsonb_build_object('visualizationId', gen_random_uuid(), 'patternId',
             (array['NH10', 'NH12', 'WG01', 'MS07', 'ST33'])[1 + g.n % 5], 'durationMs', 900,
             'renderer', 'local'),
           $2::jsonb, g.created_at - interval '20 minutes'
         from generated_leads g where g.n >= $1 and g.visitor_id is not null`,
        [from, JSON.stringify(publicActor)],
      );
      await client.query(
        `insert into generated_events
         select r.stream_id, 1, 'LeadCreated', r.data, r.metadata, r.occurred_at
         from jsonb_to_recordset($1::jsonb)
           as r(stream_id text, data jsonb, metadata jsonb, occurred_at timestamptz)`,
        [JSON.stringify(events)],
      );
    }
    const statuses = `(array['new', 'contacted', 'qualified', 'proposal', 'closed'])`;
    const staffJson = JSON.stringify(staff);
    for (let version = 2; version <= moves + 1; version++) {
      await client.query(
        `insert into generated_events
         select 'lead-' || g.id, $1, 'LeadStatusChanged',
           jsonb_build_object('from', ${statuses}[1 + ($1 - 2) % 5], 'to', ${statuses}[1 + ($1 - 1) % 5]),
           ($2::jsonb) -> (g.n % 6), g.created_at + ($1 * (1 + g.n % 50)) * interval '1 hour'
         from generated_leads g`,
        [version, staffJson],
      );
    }
    await client.query(
      `insert into generated_events
       select 'lead-' || g.id, $1, 'LeadDetailsChanged',
         jsonb_build_object('changes', jsonb_build_object(
           'totalPrice', jsonb_build_object('from', 1200 + (g.n % 40) * 100, 'to', 1300 + (g.n % 40) * 100))),
         ($2::jsonb) -> (g.n % 6), g.created_at + interval '30 days'
       from generated_leads g`,
      [moves + 2, staffJson],
    );
    await client.query(
      `insert into events (stream_id, stream_version, event_id, type, data, metadata, occurred_at)
       select stream_id, stream_version, gen_random_uuid(), type, data, metadata, occurred_at
       from generated_events order by occurred_at, stream_id, stream_version`,
    );
    await client.query('drop table generated_events');
    await client.query('drop table generated_leads');
    await client.query('vacuum analyze events');
    const { rows } = await client.query<{ n: string }>('select count(*) as n from events');
    return Number(rows[0].n);
  } finally {
    client.release();
  }
}
