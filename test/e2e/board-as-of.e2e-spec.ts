import { setTimeout as sleep } from 'node:timers/promises';
import type { BoardAsOf } from '#src/contract/board-history.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { createTestLead } from '../support/leads.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer } from '../support/staff.js';

const CARDS = 10;

/** The board and the Overview totals as the live screens read them. */
interface LiveBoard {
  columns: {
    id: string;
    name: string;
    color: string;
    total: number;
    leads: { id: string; name: string | null; totalPrice: number }[];
  }[];
  stats: unknown;
}

describe('GET /api/admin/pipeline/as-of', () => {
  const catchUp = () => testApp.app.get(ProjectionManager).catchUp();
  const as = () => bearer(admin.token);

  async function liveBoard(): Promise<LiveBoard> {
    await catchUp();
    const columns = (await testApp.api.get('/api/admin/pipeline-columns').set(as()).expect(200))
      .body as {
      id: string;
      name: string;
      color: string;
    }[];
    const pages = await Promise.all(
      columns.map(async (column) => {
        const { body } = await testApp.api
          .get('/api/admin/quotes')
          .query({ status: column.id, page: 1, pageSize: CARDS, sort: '-createdAt' })
          .set(as())
          .expect(200);
        return {
          ...column,
          total: body.total as number,
          leads: (
            body.items as {
              id: string;
              customerFirstName: string;
              customerLastName: string;
              totalPrice: number;
            }[]
          ).map((lead) => ({
            id: lead.id,
            name: `${lead.customerFirstName} ${lead.customerLastName}`,
            totalPrice: lead.totalPrice,
          })),
        };
      }),
    );
    const stats = (await testApp.api.get('/api/admin/quotes/stats').set(as()).expect(200)).body;
    return { columns: pages, stats };
  }

  async function boardAsOf(at: Date): Promise<LiveBoard> {
    const { body } = (await testApp.api
      .get('/api/admin/pipeline/as-of')
      .query({ at: at.toISOString(), cardsPerColumn: CARDS })
      .set(as())
      .expect(200)) as { body: BoardAsOf };
    return {
      columns: body.columns.map(({ id, name, color, total, leads }) => ({
        id,
        name,
        color,
        total,
        leads: leads.map(({ id: leadId, name: leadName, totalPrice }) => ({
          id: leadId,
          name: leadName,
          totalPrice,
        })),
      })),
      stats: body.stats,
    };
  }

  const testApp = useTestApp({ runProjections: false });
  const admin = testApp.signedIn('admin');

  it('should show at a past moment exactly the board that was live then', async () => {
    const leads: string[] = [];
    for (let i = 0; i < 14; i++) {
      const status = i < 12 ? 'new' : 'qualified';
      leads.push(
        await createTestLead(testApp, {
          firstName: `Asiakas${i}`,
          lastName: `Testi${i}`,
          status,
          totalPrice: 1000 + i * 10,
        }),
      );
    }
    const move = (id: string, status: string) =>
      testApp.api.put(`/api/admin/quotes/${id}`).set(as()).send({ status }).expect(200);
    await move(leads[0], 'contacted');
    await move(leads[1], 'closed');
    await testApp.api.delete(`/api/quotes/${leads[2]}/soft`).set(as()).expect(200);
    await testApp.api
      .put(`/api/admin/quotes/${leads[3]}/update-lead`)
      .set(as())
      .send({ totalPrice: 4321 })
      .expect(200);
    const column = await testApp.api
      .post('/api/admin/pipeline-columns')
      .set(as())
      .send({ name: 'Site visit', color: 'orange' })
      .expect(201);
    await move(leads[4], column.body.id);

    const thenLive = await liveBoard();
    await sleep(20);
    const then = new Date();
    await sleep(20);

    // Everything changes afterwards: the board as of `then` must not.
    await move(leads[5], 'proposal');
    await move(leads[0], 'closed');
    await testApp.api.post(`/api/quotes/${leads[2]}/restore`).set(as()).expect(201);
    await testApp.api.delete(`/api/quotes/${leads[6]}/soft`).set(as()).expect(200);
    await testApp.api.delete(`/api/admin/quotes/${leads[6]}`).set(as()).expect(204);
    await testApp.api
      .put(`/api/admin/quotes/${leads[7]}/update-lead`)
      .set(as())
      .send({ totalPrice: 9999 })
      .expect(200);
    await testApp.api
      .put(`/api/admin/pipeline-columns/contacted`)
      .set(as())
      .send({ name: 'Called', color: 'red' })
      .expect(200);
    await testApp.api
      .delete(`/api/admin/pipeline-columns/${column.body.id}`)
      .query({ moveLeadsTo: 'new' })
      .set(as())
      .expect(200);
    await createTestLead(testApp, { firstName: 'Myohempi', lastName: 'Asiakas' });

    const nowLive = await liveBoard();
    const erasedThen = (board: LiveBoard) =>
      board.columns.flatMap((c) => c.leads).find((lead) => lead.id === leads[6]);
    expect(erasedThen(thenLive)).toBeDefined();
    const expected = {
      ...thenLive,
      // The one difference allowed: an erased lead has no name any more, in the past too.
      columns: thenLive.columns.map((c) => ({
        ...c,
        leads: c.leads.map((lead) => (lead.id === leads[6] ? { ...lead, name: null } : lead)),
      })),
    };
    expect(await boardAsOf(then)).toEqual(expected);
    expect(await boardAsOf(new Date())).toEqual(nowLive);
    expect(nowLive).not.toEqual(thenLive);
  });

  it('should refuse a moment in the future or not a date-time with 400', async () => {
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await testApp.api.get('/api/admin/pipeline/as-of').query({ at: future }).set(as()).expect(400);
    await testApp.api
      .get('/api/admin/pipeline/as-of')
      .query({ at: 'monday' })
      .set(as())
      .expect(400);
    await testApp.api.get('/api/admin/pipeline/as-of').set(as()).expect(400);
  });
});
