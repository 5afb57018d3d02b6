import type { AuditEntryView, AuditPage } from '#src/contract/audit.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer, logIn, STAFF_PASSWORD, type SignedInStaff } from '../support/staff.js';

const NEW_PASSWORD = 'uusi Salasana keittiölle 7';

describe('Audit log', () => {
  let leadId: string;
  let erasedId: string;
  let memberId: string;

  const catchUp = () => testApp.app.get(ProjectionManager).catchUp();

  /** The export is recorded once the download has been sent, so it may land just after. */
  async function exportsBy(actorId: string, atLeast: number): Promise<AuditEntryView[]> {
    let exports: AuditEntryView[] = [];
    for (let attempt = 0; attempt < 100 && exports.length < atLeast; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await catchUp();
      exports = await rows({ type: 'PersonalDataExported', actorId });
    }
    return exports;
  }

  /** Every row matching `query`, all pages. */
  async function rows(query: Record<string, string> = {}): Promise<AuditEntryView[]> {
    const all: AuditEntryView[] = [];
    for (let page = 1; ; page++) {
      const response = await testApp.api
        .get('/api/admin/activity')
        .query({ ...query, page, pageSize: 100 })
        .set(bearer(manager.token))
        .expect(200);
      const body = response.body as AuditPage;
      all.push(...body.items);
      if (body.items.length < 100) return all;
    }
  }

  const sentenceOf = async (type: string, query: Record<string, string> = {}) =>
    (await rows({ ...query, type })).map((row) => row.sentence);

  const testApp = useTestApp({ runProjections: false });
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Lahti' });
  const manager = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });
  const salesperson = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });

  beforeAll(async () => {
    const as = (staff: SignedInStaff) => bearer(staff.token);

    const created = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(as(admin))
      .send({
        customerFirstName: 'Matti',
        customerLastName: 'Virtanen',
        customerEmail: 'matti.virtanen@example.fi',
        status: 'contacted',
        doors: 4,
      })
      .expect(201);
    leadId = created.body.id;
    await testApp.api
      .put(`/api/admin/quotes/${leadId}`)
      .set(as(admin))
      .send({ status: 'proposal' });
    await testApp.api
      .put(`/api/admin/quotes/${leadId}/update-lead`)
      .set(as(salesperson))
      .send({ doors: 6, customerEmail: 'matti@example.fi' })
      .expect(200);
    await testApp.api
      .put(`/api/admin/quotes/${leadId}`)
      .set(as(salesperson))
      .send({ notes: 'Soita' });
    await testApp.api.get(`/api/admin/quotes/${leadId}`).set(as(salesperson)).expect(200);

    const doomed = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(as(admin))
      .send({
        customerFirstName: 'Eero',
        customerLastName: 'Poistettava',
        customerEmail: 'eero@example.fi',
      })
      .expect(201);
    erasedId = doomed.body.id;
    await testApp.api
      .put(`/api/admin/quotes/${erasedId}`)
      .set(as(admin))
      .send({ status: 'qualified' });
    await testApp.api.get(`/api/admin/quotes/${erasedId}`).set(as(manager)).expect(200);
    await testApp.api.delete(`/api/quotes/${erasedId}/soft`).set(as(admin)).expect(200);
    await testApp.api.post(`/api/quotes/${erasedId}/restore`).set(as(admin)).expect(201);
    await testApp.api.delete(`/api/quotes/${erasedId}/soft`).set(as(admin)).expect(200);
    await testApp.api.delete(`/api/admin/quotes/${erasedId}`).set(as(admin)).expect(204);

    const column = await testApp.api
      .post('/api/admin/pipeline-columns')
      .set(as(manager))
      .send({ name: 'Site visit', color: 'orange' })
      .expect(201);
    await testApp.api
      .put(`/api/admin/pipeline-columns/${column.body.id}`)
      .set(as(manager))
      .send({ name: 'Site visit booked', color: 'green' })
      .expect(200);
    await testApp.api
      .delete(`/api/admin/pipeline-columns/${column.body.id}`)
      .set(as(manager))
      .expect(200);

    const added = await testApp.api
      .post('/api/admin/users')
      .set(as(admin))
      .send({
        firstName: 'Pekka',
        lastName: 'Uusi',
        email: 'pekka@example.fi',
        role: 'salesperson',
      })
      .expect(201);
    memberId = added.body.user.id;
    await testApp.api
      .patch(`/api/admin/users/${memberId}`)
      .set(as(admin))
      .send({ firstName: 'Pekka', lastName: 'Uusi', email: 'pekka@example.fi', role: 'manager' })
      .expect(200);
    await testApp.api.post(`/api/admin/users/${memberId}/deactivate`).set(as(admin)).expect(200);
    await testApp.api.post(`/api/admin/users/${memberId}/reactivate`).set(as(admin)).expect(200);
    await testApp.api
      .post(`/api/admin/users/${memberId}/reset-password`)
      .set(as(admin))
      .expect(200);

    await testApp.api
      .put('/api/auth/password')
      .set(as(salesperson))
      .send({ currentPassword: STAFF_PASSWORD, newPassword: NEW_PASSWORD })
      .expect(200);
    await testApp.api
      .post('/api/auth/login')
      .send({ email: manager.member.email, password: 'not the password' })
      .expect(401);
    await testApp.api
      .post('/api/auth/login')
      .send({ email: 'nobody@example.fi', password: 'not the password' })
      .expect(401);
    const again = await logIn(testApp, manager.member.email);
    await testApp.api.post('/api/auth/logout').set(bearer(again.token)).expect(200);

    await testApp.api
      .post(`/api/quotes/${leadId}/emails`)
      .set(as(salesperson))
      .send({ subject: 'Tarjous', body: 'Hei Matti, tässä tarjous.' })
      .expect(201);
    await testApp.api
      .post(`/api/quotes/${leadId}/emails/reply`)
      .set(as(salesperson))
      .send({ body: 'Kiitos, sopii.' })
      .expect(201);
    await testApp.api.get(`/api/quotes/${leadId}/emails`).set(as(manager)).expect(200);
    await testApp.api.post('/api/admin/backup/run').set(as(admin)).expect(201);
    await testApp.api.post('/api/admin/reports/report_revenue/build').set(as(manager)).expect(202);

    // Not the app's store: that one refuses types nobody declared, and this one is made up.
    const appStore = testApp.app.get(EventStore);
    const store = new EventStore(
      testApp.db.pool,
      appStore.personalData,
      testApp.app.get(UpcasterRegistry),
    );
    await store.append(
      'visitor-audit-test',
      'any',
      [{ type: 'VisualizationGenerated', data: { patternId: 'NH10', visualizationId: 'v1' } }],
      {
        streamType: 'visitor',
        metadata: { actorId: null, actorName: 'public', actorRole: 'public' },
      },
    );
    await store.append('backup-test', 'any', [{ type: 'BackupCompleted', data: {} }], {
      streamType: 'backup',
    });
    // A transaction still open elsewhere (a build's flush, say) holds later commits back from the
    // projections until it ends: wait for the last event appended here, which comes after the rest.
    for (let attempt = 0; attempt < 200; attempt++) {
      await catchUp();
      if ((await rows({ type: 'BackupCompleted' })).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  describe('GET /api/admin/activity', () => {
    it('should tell every kind of lead event with its actor and a sentence', async () => {
      const about = { leadId };
      expect(await sentenceOf('LeadCreated', about)).toEqual([
        'Anna Lahti created lead Matti Virtanen in Contacted',
      ]);
      expect(await sentenceOf('LeadStatusChanged', about)).toEqual([
        'Anna Lahti moved Matti Virtanen from Contacted to Proposal',
      ]);
      expect(await sentenceOf('LeadDetailsChanged', about)).toEqual([
        'Sami Seller edited Matti Virtanen: doors 4 → 6, e-mail matti.virtanen@example.fi → matti@example.fi',
      ]);
      expect(await sentenceOf('LeadNotesChanged', about)).toEqual([
        'Sami Seller changed the notes of Matti Virtanen',
      ]);
      const opened = await rows({ ...about, type: 'LeadDetailsViewed' });
      expect(opened).toEqual([
        expect.objectContaining({
          action: 'Opened lead',
          actor: { id: salesperson.member.id, name: 'Sami Seller', role: 'salesperson' },
          target: { kind: 'lead', id: leadId, label: 'Matti Virtanen' },
          sentence: 'Sami Seller opened the details of Matti Virtanen',
        }),
      ]);
    });

    it('should tell e-mails, backups and report builds without quoting personal data', async () => {
      const about = { leadId };
      expect(await sentenceOf('EmailQueued', about)).toEqual([
        'Sami Seller wrote an e-mail to Matti Virtanen',
      ]);
      expect(await sentenceOf('EmailReceived', about)).toEqual([
        'Sami Seller added a reply from Matti Virtanen',
      ]);
      expect(await sentenceOf('EmailConversationRead', about)).toEqual([
        'Mika Manager read the e-mails of Matti Virtanen',
      ]);
      const mail = JSON.stringify(await rows(about));
      expect(mail).not.toMatch(/Tarjous|tässä tarjous|Kiitos, sopii/);
      expect(await sentenceOf('BackupCreated')).toEqual([
        expect.stringMatching(/^Anna Lahti backed up the data: .+ \(\d+ events\)$/),
      ]);
      expect(await sentenceOf('ReportBuildStarted')).toEqual([
        'Mika Manager started building the report report_revenue',
      ]);
    });

    it('should show an erased lead as "erased lead" with no personal data left', async () => {
      const erased = await rows({ leadId: erasedId });
      expect(erased.map((row) => row.sentence).reverse()).toEqual([
        'Anna Lahti created lead erased lead in New Leads',
        'Anna Lahti moved erased lead from New Leads to Qualified',
        'Mika Manager opened the details of erased lead',
        'Anna Lahti moved erased lead to the Recycle Bin',
        'Anna Lahti restored erased lead from the Recycle Bin',
        'Anna Lahti moved erased lead to the Recycle Bin',
        'Anna Lahti erased the personal data of erased lead',
      ]);
      expect(erased.every((row) => row.target?.label === 'erased lead')).toBe(true);
      const everything = JSON.stringify(await rows());
      expect(everything).not.toMatch(/Eero|Poistettava/);
      const csv = await testApp.api
        .get('/api/admin/activity/csv')
        .set(bearer(admin.token))
        .expect(200);
      expect(csv.text).not.toMatch(/Eero|Poistettava/);
    });

    it('should tell pipeline column changes', async () => {
      const sentences = (await rows({ q: 'pipeline column' })).map((row) => row.sentence);
      expect(sentences.reverse()).toEqual([
        'Mika Manager added pipeline column Site visit',
        'Mika Manager renamed pipeline column Site visit to Site visit booked',
        'Mika Manager changed the colour of pipeline column Site visit booked from orange to green',
        'Mika Manager removed pipeline column Site visit booked',
      ]);
    });

    it('should tell team, password and sign-in events about the member concerned', async () => {
      const aboutPekka = (await rows({ memberId })).map((row) => row.sentence).reverse();
      expect(aboutPekka).toEqual([
        'Anna Lahti added Pekka Uusi to the team as salesperson',
        'Anna Lahti changed the role of Pekka Uusi from salesperson to manager',
        'Anna Lahti deactivated Pekka Uusi',
        'Anna Lahti reactivated Pekka Uusi',
        'Anna Lahti issued a one-time password to Pekka Uusi',
      ]);
      expect(
        await sentenceOf('MemberPasswordChanged', { memberId: salesperson.member.id }),
      ).toEqual(['Sami Seller changed their password']);
      expect(await sentenceOf('LoginFailed')).toEqual([
        'Someone failed to sign in: no member has that e-mail',
        'Someone failed to sign in as Mika Manager: wrong password',
      ]);
      const ownSessions = await rows({ actorId: manager.member.id, q: 'signed' });
      expect(ownSessions.map((row) => row.sentence)).toEqual([
        'Mika Manager signed out',
        'Mika Manager signed in',
        'Mika Manager signed in',
      ]);
    });

    it('should tell visitors’ renders and give a type without a presenter a plain sentence', async () => {
      expect(await sentenceOf('VisualizationGenerated')).toEqual([
        'A visitor rendered pattern NH10 on a kitchen photo',
      ]);
      expect(await rows({ type: 'BackupCompleted' })).toEqual([
        expect.objectContaining({
          action: 'Backup completed',
          actor: { id: null, name: 'system', role: 'system' },
          sentence: 'The system: backup completed',
        }),
      ]);
    });

    it('should filter by actor, date range and free text, and sort', async () => {
      const bySami = await rows({ actorId: salesperson.member.id });
      expect(bySami.length).toBeGreaterThan(3);
      expect(bySami.every((row) => row.actor.id === salesperson.member.id)).toBe(true);

      const all = await rows();
      const times = all.map((row) => row.occurredAt);
      expect(times).toEqual([...times].sort().reverse());
      const middle = all[Math.floor(all.length / 2)];
      const before = await rows({ to: middle.occurredAt });
      const since = await rows({ from: middle.occurredAt });
      expect(before.length + since.length).toBe(all.length);
      expect(before.every((row) => row.occurredAt < middle.occurredAt)).toBe(true);

      const proposal = await rows({ q: 'proposal' });
      expect(proposal.map((row) => row.sentence)).toEqual([
        'Anna Lahti moved Matti Virtanen from Contacted to Proposal',
      ]);
      const oldestFirst = await testApp.api
        .get('/api/admin/activity')
        .query({ sort: 'occurredAt', pageSize: 1 })
        .set(bearer(manager.token))
        .expect(200);
      expect(oldestFirst.body.items[0].id).toBe(all[all.length - 1].id);
      expect(oldestFirst.body).toMatchObject({ total: all.length, totalIsLowerBound: false });
    });

    it('should refuse bad filters with 400 naming the parameter', async () => {
      const refused = async (query: Record<string, string>, message: RegExp) => {
        const response = await testApp.api
          .get('/api/admin/activity')
          .query(query)
          .set(bearer(manager.token))
          .expect(400);
        expect(response.body.message).toMatch(message);
      };
      await refused({ actorId: 'nobody' }, /actorId must be a UUID/);
      await refused({ from: 'yesterday' }, /from must be an ISO 8601 date-time/);
      await refused(
        { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
        /from must be before to/,
      );
      await refused({ pageSize: '1000' }, /pageSize/);
      await refused({ sort: 'sentence' }, /sort/);
      await refused({ type: "x' or 1=1" }, /type must be an event type name/);
    });

    it('should offer every member by name as an actor to filter by', async () => {
      const { body } = await testApp.api
        .get('/api/admin/activity/actors')
        .set(bearer(manager.token))
        .expect(200);
      expect(body).toEqual(
        expect.arrayContaining([
          { id: admin.member.id, name: 'Anna Lahti' },
          { id: memberId, name: 'Pekka Uusi' },
        ]),
      );
    });

    it('should answer 403 to a salesperson and 401 without a token', async () => {
      await testApp.api
        .get('/api/admin/activity/actors')
        .set(bearer(salesperson.token))
        .expect(403);
      await testApp.api.get('/api/admin/activity').set(bearer(salesperson.token)).expect(403);
      await testApp.api.get('/api/admin/activity/csv').set(bearer(salesperson.token)).expect(403);
      await testApp.api.get('/api/admin/activity').expect(401);
    });
  });

  describe('GET /api/admin/activity/csv', () => {
    it('should stream the same rows the filtered pages show, and record the export', async () => {
      const query = { actorId: admin.member.id };
      const shown = await rows(query);
      const csv = await testApp.api
        .get('/api/admin/activity/csv')
        .query(query)
        .set(bearer(manager.token))
        .expect(200)
        .expect('Content-Type', /text\/csv/);
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('time,actor,role,action,target,sentence,event type');
      expect(lines.slice(1)).toHaveLength(shown.length);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
        shown.map((row) => row.occurredAt),
      );
      expect(lines[1]).toContain(shown[0].sentence);

      const exports = await exportsBy(manager.member.id, 1);
      expect(exports[0].sentence).toBe(
        `Mika Manager exported the audit log as CSV (${shown.length} rows, filtered by actorId)`,
      );
    });

    it('should defuse cells a spreadsheet would run as formulas', async () => {
      // Tab and CR cannot start a name (names are trimmed and one line): csv.spec.ts has them.
      const prefixes = ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)'];
      const before = await exportsBy(admin.member.id, 0);
      for (const firstName of prefixes) {
        const sneaky = await testApp.api
          .post('/api/admin/quotes/create-lead')
          .set(bearer(admin.token))
          .send({
            customerFirstName: firstName,
            customerLastName: 'Kaava',
            customerEmail: 'k@example.fi',
          })
          .expect(201);
        await catchUp();
        const csv = await testApp.api
          .get('/api/admin/activity/csv')
          .query({ leadId: sneaky.body.id, type: 'LeadCreated' })
          .set(bearer(admin.token))
          .expect(200);
        const target = csv.text.split('\r\n')[1];
        expect(target).toContain(`"'${firstName.replace(/"/g, '""')} Kaava"`);
      }
      // Recorded before the next test reads the log, which must then hold it too.
      await exportsBy(admin.member.id, before.length + prefixes.length);
    });
  });

  describe('rebuild', () => {
    it('should produce the same rows from the log, erased leads included', async () => {
      const snapshot = async () =>
        (await testApp.db.pool.query('select * from audit_log order by position')).rows;
      // A CSV export records itself after its answer: the last one may still be committing.
      await testApp.app.get(EventStore).drain();
      await catchUp();
      const live = await snapshot();
      await testApp.app.get(ProjectionManager).rebuild('audit_log');
      expect(await snapshot()).toEqual(live);
    });
  });
});
