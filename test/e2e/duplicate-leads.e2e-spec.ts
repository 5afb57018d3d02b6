import type { HistoryEntry } from '#src/contract/lead-history.js';
import type { AuditPage } from '#src/contract/audit.js';
import type { LeadDetails, LeadView } from '#src/contract/leads.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import type { ContactAnswer, QuoteAnswer } from '#src/contract/quote.js';
import { validQuote } from '../support/public-intake.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** One customer twice: linked on arrival (docs/decisions/0127-duplicate-leads.md). */
describe('Duplicate leads', () => {
  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Admin' });

  const details = async (id: string) =>
    (await testApp.api.get(`/api/admin/quotes/${id}`).set(bearer(admin.token)).expect(200))
      .body as LeadDetails;

  /** The lead's own entries: intake e-mails are queued in the background, so they come and go. */
  const leadEntries = async (id: string) =>
    (
      (
        await testApp.api
          .get(`/api/admin/quotes/${id}/history`)
          .set(bearer(admin.token))
          .expect(200)
      ).body as HistoryEntry[]
    ).filter((entry) => !entry.type.startsWith('Email'));

  const quote = async (email: string, phone: string) =>
    (
      await testApp.api
        .post('/api/quote')
        .send({ ...validQuote(), customer: { ...validQuote().customer, email, phone } })
        .expect(201)
    ).body as QuoteAnswer;

  const contact = async (email: string, phone?: string) =>
    (
      await testApp.api
        .post('/api/contact')
        .send({ firstName: 'Maija', email, ...(phone ? { phone } : {}), message: 'Soittakaa.' })
        .expect(201)
    ).body as ContactAnswer;

  it('should link a contact message to the quote with the same e-mail, shown on both', async () => {
    const first = await quote('maija.kaksi@example.fi', '+358 40 700 0001');
    // Another case and surrounding space: the same e-mail.
    const second = await contact('  Maija.KAKSI@example.fi ');

    const newer = await details(second.leadId);
    expect(newer.duplicates).toEqual([
      expect.objectContaining({
        id: first.leadId,
        customerEmail: 'maija.kaksi@example.fi',
        source: 'quote',
        status: 'new',
      }),
    ]);
    expect(newer.version).toBe(2);
    const older = await details(first.leadId);
    expect(older.duplicates).toEqual([
      expect.objectContaining({ id: second.leadId, source: 'contact_form' }),
    ]);
    expect(older.version).toBe(1);

    const history = await leadEntries(second.leadId);
    expect(history.map((entry) => entry.type)).toEqual(['LeadLinkedAsDuplicate', 'LeadCreated']);
    expect(history[0].details).toEqual({ otherLeadId: first.leadId });
  });

  it('should link by a phone written another way, and not a different country or e-mail', async () => {
    const first = await quote('puhelin.yksi@example.fi', '040 700 0002');
    const same = await contact('puhelin.kaksi@example.fi', '+358 40 700 0002');
    const swedish = await contact('puhelin.kolme@example.fi', '+46 40 700 0002');
    expect((await details(same.leadId)).duplicates.map((d) => d.id)).toEqual([first.leadId]);
    expect((await details(swedish.leadId)).duplicates).toEqual([]);
    expect((await details(first.leadId)).duplicates.map((d) => d.id)).toEqual([same.leadId]);
  });

  it('should link no lead in the Recycle Bin, and hide a link once the other is trashed', async () => {
    const binned = await quote('roskis@example.fi', '+358 40 700 0003');
    await testApp.api
      .delete(`/api/quotes/${binned.leadId}/soft`)
      .set(bearer(admin.token))
      .expect(200);
    const after = await contact('roskis@example.fi');
    expect((await details(after.leadId)).duplicates).toEqual([]);

    const third = await contact('roskis@example.fi');
    expect((await details(third.leadId)).duplicates.map((d) => d.id)).toEqual([after.leadId]);
    await testApp.api
      .delete(`/api/quotes/${after.leadId}/soft`)
      .set(bearer(admin.token))
      .expect(200);
    expect((await details(third.leadId)).duplicates).toEqual([]);
  });

  it('should never match an erased person, and keep no contact key of them', async () => {
    const gone = await quote('poistettu@example.fi', '+358 40 700 0004');
    await testApp.api
      .delete(`/api/quotes/${gone.leadId}/soft`)
      .set(bearer(admin.token))
      .expect(200);
    await testApp.api
      .delete(`/api/admin/quotes/${gone.leadId}`)
      .set(bearer(admin.token))
      .expect(204);
    const later = await contact('poistettu@example.fi', '+358 40 700 0004');
    expect((await details(later.leadId)).duplicates).toEqual([]);
    const { rows } = await testApp.db.pool.query<{
      email_key: string | null;
      phone_key: string | null;
    }>('select email_key, phone_key from lead_list where id = $1', [gone.leadId]);
    expect(rows).toEqual([{ email_key: null, phone_key: null }]);
  });

  it('should show the link in the list answer of neither lead, which stays as it was', async () => {
    const leads = (await testApp.api.get('/api/admin/quotes').set(bearer(admin.token)).expect(200))
      .body as LeadView[];
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((lead) => !('duplicates' in lead) && lead.mergedInto === null)).toBe(true);
  });

  describe('POST /api/admin/quotes/:id/merge', () => {
    const merge = (id: string, body: Record<string, unknown>, status: number) =>
      testApp.api
        .post(`/api/admin/quotes/${id}/merge`)
        .set(bearer(admin.token))
        .send(body)
        .expect(status);
    let pairs = 0;
    const versionOf = async (id: string) => (await details(id)).version;
    const pair = async (name: string) => {
      pairs++;
      const survivor = await quote(`${name}@example.fi`, `+358 40 800 ${1000 + pairs}`);
      const merged = await contact(`${name}@example.fi`);
      return { survivor: survivor.leadId, merged: merged.leadId };
    };
    const boardIds = async () =>
      (
        (await testApp.api.get('/api/admin/quotes').set(bearer(admin.token)).expect(200))
          .body as LeadView[]
      ).map((lead) => lead.id);
    const binIds = async () =>
      (
        (await testApp.api.get('/api/quotes/deleted').set(bearer(admin.token)).expect(200))
          .body as LeadView[]
      ).map((lead) => lead.id);

    it('should merge a lead into another, which keeps both histories, and tell the audit log', async () => {
      const { survivor, merged } = await pair('yhdista');
      await testApp.api
        .put(`/api/admin/quotes/${merged}`)
        .set(bearer(admin.token))
        .send({ notes: 'Soitti perään' })
        .expect(200);
      const answer = (await merge(merged, { into: survivor, expectedVersion: 3 }, 200))
        .body as LeadDetails;
      expect(answer).toMatchObject({ id: survivor, version: 2, mergedInto: null, duplicates: [] });

      expect(await boardIds()).toContain(survivor);
      expect(await boardIds()).not.toContain(merged);
      expect(await binIds()).not.toContain(merged);
      expect((await details(merged)).mergedInto).toBe(survivor);

      const history = await leadEntries(survivor);
      expect(history.map((entry) => entry.type)).toEqual([
        'LeadAbsorbed',
        'LeadMerged',
        'LeadNotesChanged',
        'LeadLinkedAsDuplicate',
        'LeadCreated',
        'LeadCreated',
      ]);
      expect(history[0]).toMatchObject({ actorName: 'Anna Admin', details: { from: merged } });

      await testApp.app.get(ProjectionManager).catchUp();
      const audit = (
        await testApp.api
          .get('/api/admin/activity')
          .query({ type: 'LeadMerged', page: 1, pageSize: 100 })
          .set(bearer(admin.token))
          .expect(200)
      ).body as AuditPage;
      expect(audit.items.map((item) => item.sentence)).toContain(
        'Anna Admin merged Maija into Maija Meikäläinen',
      );
    });

    it('should refuse a merge into itself, a bad body or an unknown lead, changing nothing', async () => {
      const { survivor, merged } = await pair('itse');
      await merge(merged, { into: merged }, 400);
      await merge(merged, { into: 'not-a-lead' }, 400);
      await merge(merged, { into: survivor, expectedVersion: 0 }, 400);
      await merge(merged, { into: survivor, extra: true }, 400);
      await merge(merged, {}, 400);
      await merge(merged, { into: '5d0c7a53-6f4e-4b8e-9f3a-2a1d6c8b9e01' }, 404);
      await merge('5d0c7a53-6f4e-4b8e-9f3a-2a1d6c8b9e01', { into: survivor }, 404);
      expect(await versionOf(merged)).toBe(2);
      expect(await versionOf(survivor)).toBe(1);
    });

    it('should answer 409 for a version of the merged lead it has moved past', async () => {
      const { survivor, merged } = await pair('vanha');
      const stale = await merge(merged, { into: survivor, expectedVersion: 1 }, 409);
      expect(stale.body).toMatchObject({ currentVersion: 2 });
      await testApp.api
        .post(`/api/admin/quotes/${merged}/merge`)
        .set(bearer(admin.token))
        .set('If-Match', '1')
        .send({ into: survivor })
        .expect(409);
      expect(await versionOf(survivor)).toBe(1);
    });

    it('should refuse merging into a lead in the bin, erased or merged, and a merged lead again', async () => {
      const { survivor, merged } = await pair('roskaan');
      await testApp.api.delete(`/api/quotes/${survivor}/soft`).set(bearer(admin.token)).expect(200);
      await merge(merged, { into: survivor }, 409);
      await testApp.api
        .delete(`/api/admin/quotes/${survivor}`)
        .set(bearer(admin.token))
        .expect(204);
      await merge(merged, { into: survivor }, 404);

      const twice = await pair('kahdesti');
      await merge(twice.merged, { into: twice.survivor }, 200);
      await merge(twice.merged, { into: twice.survivor }, 409);
      const third = (await contact('kolmas@example.fi')).leadId;
      await merge(third, { into: twice.merged }, 409);
      // A merged lead is never in the bin: it cannot be trashed, restored or erased on its own.
      await testApp.api
        .delete(`/api/quotes/${twice.merged}/soft`)
        .set(bearer(admin.token))
        .expect(409);
      await testApp.api
        .delete(`/api/admin/quotes/${twice.merged}`)
        .set(bearer(admin.token))
        .expect(409);
      expect(await versionOf(twice.merged)).toBe(3);
    });

    it('should erase the leads merged into a lead when it is erased, and theirs in turn', async () => {
      const { survivor, merged } = await pair('poistoketju');
      const earlier = (await contact('poistoketju@example.fi')).leadId;
      await merge(earlier, { into: merged }, 200);
      await merge(merged, { into: survivor }, 200);
      await testApp.api.delete(`/api/quotes/${survivor}/soft`).set(bearer(admin.token)).expect(200);
      await testApp.api
        .delete(`/api/admin/quotes/${survivor}`)
        .set(bearer(admin.token))
        .expect(204);
      const { rows } = await testApp.db.pool.query<{ id: string; email: string | null }>(
        'select id, email from lead_list where id = any($1) and erased_at is not null order by id',
        [[survivor, merged, earlier]],
      );
      expect(rows.map((row) => row.id).sort()).toEqual([survivor, merged, earlier].sort());
      expect(rows.every((row) => row.email === null)).toBe(true);
    });

    it('should refuse merging a lead in the bin', async () => {
      const { survivor, merged } = await pair('roskassa');
      await testApp.api.delete(`/api/quotes/${merged}/soft`).set(bearer(admin.token)).expect(200);
      await merge(merged, { into: survivor }, 409);
      expect(await versionOf(survivor)).toBe(1);
    });
  });
});
