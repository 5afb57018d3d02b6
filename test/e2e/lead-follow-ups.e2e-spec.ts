import type { HistoryEntry } from '#src/contract/lead-history.js';
import type { LeadOwner, LeadPage, LeadView } from '#src/contract/leads.js';
import { finnishDay } from '#src/contract/finnish-day.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOTE = 'Soita Ainolle ja sovi mittauskäynti tiistaille';

describe('Lead owners and follow-ups', () => {
  const testApp = useTestApp();
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });
  const other = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });

  async function create(lastName: string): Promise<LeadView> {
    const response = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(bearer(sales.token))
      .send({
        customerFirstName: 'Aino',
        customerLastName: lastName,
        customerEmail: `${lastName.toLowerCase()}@example.fi`,
      })
      .expect(201);
    return response.body as LeadView;
  }

  const update = (lead: LeadView, body: Record<string, unknown>, status = 200) =>
    testApp.api
      .put(`/api/admin/quotes/${lead.id}/update-lead`)
      .set(bearer(sales.token))
      .send(body)
      .expect(status);

  it('should list the active members as owners', async () => {
    const { body } = await testApp.api
      .get('/api/admin/quotes/owners')
      .set(bearer(sales.token))
      .expect(200);
    expect(body as LeadOwner[]).toEqual(
      expect.arrayContaining([
        { id: sales.member.id, name: 'Sami Seller' },
        { id: other.member.id, name: 'Mika Manager' },
      ]),
    );
  });

  it('should assign a lead, filter the board by owner and tell it in the history', async () => {
    const mine = await create('Omistettu');
    const theirs = await create('Toisen');
    const assigned = (await update(mine, { ownerId: sales.member.id, expectedVersion: 1 }))
      .body as LeadView;
    expect(assigned).toMatchObject({ ownerId: sales.member.id, version: 2 });
    await update(theirs, { ownerId: other.member.id });

    const page = (
      await testApp.api
        .get('/api/admin/quotes')
        .query({ status: 'new', owner: sales.member.id, page: 1, pageSize: 50 })
        .set(bearer(sales.token))
        .expect(200)
    ).body as LeadPage;
    expect(page.items.map((lead) => lead.id)).toEqual([mine.id]);

    const history = (
      await testApp.api
        .get(`/api/admin/quotes/${mine.id}/history`)
        .set(bearer(sales.token))
        .expect(200)
    ).body as HistoryEntry[];
    expect(history[0]).toMatchObject({
      type: 'LeadAssigned',
      actorName: 'Sami Seller',
      details: { memberId: sales.member.id, memberName: 'Sami Seller', previousMemberId: null },
    });

    const unassigned = (await update(mine, { ownerId: null })).body as LeadView;
    expect(unassigned.ownerId).toBeNull();
  });

  it('should refuse an owner who is no member, a malformed owner and a stale version', async () => {
    const lead = await create('Kielletty');
    const unknown = await update(lead, { ownerId: '00000000-0000-4000-8000-000000000000' }, 400);
    expect(JSON.stringify(unknown.body)).toContain('ownerId must be an active team member');
    const malformed = await update(lead, { ownerId: 'sami' }, 400);
    expect(JSON.stringify(malformed.body)).toContain('ownerId must be a team member id');
    await testApp.api
      .get('/api/admin/quotes')
      .query({ owner: 'me', page: 1 })
      .set(bearer(sales.token))
      .expect(400);
    await update(lead, { ownerId: sales.member.id, expectedVersion: 1 });
    const stale = await update(lead, { ownerId: other.member.id, expectedVersion: 1 }, 409);
    expect(stale.body.changedBy).toBe('Sami Seller');
    const after = (await testApp.api.get(`/api/admin/quotes/${lead.id}`).set(bearer(sales.token)))
      .body as LeadView;
    expect(after).toMatchObject({ ownerId: sales.member.id, version: 2 });
  });

  it('should list follow-ups due today and overdue, and close one as done', async () => {
    const today = finnishDay(new Date());
    const tomorrow = finnishDay(new Date(Date.now() + DAY_MS));
    const due = await create('Tanaan');
    const later = await create('Huomenna');
    await update(due, { ownerId: sales.member.id, followUpOn: today, followUpNote: NOTE });
    await update(later, { followUpOn: tomorrow });

    const list = async (query: Record<string, string> = {}) =>
      (
        (
          await testApp.api
            .get('/api/admin/quotes/follow-ups')
            .query(query)
            .set(bearer(sales.token))
            .expect(200)
        ).body as LeadView[]
      ).map((lead) => [lead.id, lead.followUpOn, lead.followUpNote]);
    expect(await list()).toEqual([[due.id, today, NOTE]]);
    expect(await list({ owner: sales.member.id })).toEqual([[due.id, today, NOTE]]);
    expect(await list({ owner: other.member.id })).toEqual([]);

    const done = (await update(due, { followUpDone: true })).body as LeadView;
    expect(done).toMatchObject({ followUpOn: null, followUpNote: '' });
    expect(await list()).toEqual([]);
    const again = await update(due, { followUpDone: true }, 409);
    expect(JSON.stringify(again.body)).toContain('The lead has no follow-up to mark done');

    const history = (
      await testApp.api
        .get(`/api/admin/quotes/${due.id}/history`)
        .set(bearer(sales.token))
        .expect(200)
    ).body as HistoryEntry[];
    expect(history.slice(0, 2)).toMatchObject([
      { type: 'FollowUpDone', details: { dueOn: today } },
      { type: 'FollowUpScheduled', details: { dueOn: today, redacted: false, note: NOTE } },
    ]);
  });

  it('should seal the follow-up note with the personal data', async () => {
    const lead = await create('Sinetoity');
    await update(lead, { followUpOn: finnishDay(new Date()), followUpNote: NOTE });
    const { rows } = await testApp.db.pool.query<{ text: string }>(
      `select data::text as text from events where stream_id = $1 and type = 'FollowUpScheduled'`,
      [`lead-${lead.id}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].text).not.toContain('Soita');
  });

  it('should refuse bad follow-up input and change nothing', async () => {
    const lead = await create('Virheellinen');
    const yesterday = finnishDay(new Date(Date.now() - DAY_MS));
    for (const [body, message] of [
      [{ followUpOn: '8.12.2026' }, 'followUpOn must be a date as YYYY-MM-DD'],
      [{ followUpOn: '2026-02-31' }, 'followUpOn must be a date as YYYY-MM-DD'],
      [{ followUpOn: yesterday }, 'followUpOn cannot be before today'],
      [{ followUpNote: 'ilman päivää' }, 'followUpOn is required for a new follow-up'],
      [{ followUpNote: 'x'.repeat(2001) }, 'followUpNote must be shorter than or equal to 2000'],
      [{ followUpDone: false }, 'followUpDone must be true when sent'],
    ] as const) {
      const response = await update(lead, body, 400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    await testApp.api
      .get('/api/admin/quotes/follow-ups')
      .query({ owner: 'x' })
      .set(bearer(sales.token))
      .expect(400);
    const after = (await testApp.api.get(`/api/admin/quotes/${lead.id}`).set(bearer(sales.token)))
      .body as LeadView;
    expect(after).toMatchObject({ version: 1, followUpOn: null });
  });
});
