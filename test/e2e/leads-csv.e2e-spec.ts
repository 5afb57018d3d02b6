import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

describe('Leads as CSV', () => {
  const testApp = useTestApp();
  const manager = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });

  beforeAll(async () => {
    for (const [firstName, lastName, status] of [
      ['Aino', 'Virtanen', 'new'],
      ['=HYPERLINK("http://x")', 'Kaava', 'new'],
      ['Pekka', 'Virtanen', 'contacted'],
    ]) {
      await testApp.api
        .post('/api/admin/quotes/create-lead')
        .set(bearer(sales.token))
        .send({
          customerFirstName: firstName,
          customerLastName: lastName,
          customerEmail: `${lastName.toLowerCase()}.${status}@example.fi`,
          status,
          totalPrice: 1200,
        })
        .expect(201);
    }
  });

  const exports = async () =>
    (
      await testApp.db.pool.query<{ data: Record<string, unknown> }>(
        `select data from events where type = 'PersonalDataExported' and stream_id = $1
         order by global_position`,
        [`data-access-${manager.member.id}`],
      )
    ).rows.map((row) => row.data);

  it('should export the leads the filter matches, formulas defused, and record it without the search', async () => {
    const response = await testApp.api
      .get('/api/admin/quotes/csv')
      .query({ search: 'virtanen', status: 'new' })
      .set(bearer(manager.token))
      .expect(200)
      .expect('Content-Type', /text\/csv/)
      .expect('Content-Disposition', /leads\.csv/);
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,created,source,status,first name,last name,e-mail/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',manual,New Leads,Aino,Virtanen,virtanen.new@example.fi,');

    const all = await testApp.api
      .get('/api/admin/quotes/csv')
      .set(bearer(manager.token))
      .expect(200);
    const rows = all.text.trimEnd().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(all.text).toContain(`"'=HYPERLINK(""http://x"")"`);

    const recorded = await exports();
    expect(recorded).toEqual([
      { what: 'leads_csv', filterKinds: ['search', 'status'], rows: 1 },
      { what: 'leads_csv', filterKinds: [], rows: 3 },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('virtanen');
  });

  it('should refuse a salesperson and a bad filter, recording nothing', async () => {
    const before = (await exports()).length;
    await testApp.api.get('/api/admin/quotes/csv').set(bearer(sales.token)).expect(403);
    await testApp.api
      .get('/api/admin/quotes/csv')
      .query({ owner: 'me' })
      .set(bearer(manager.token))
      .expect(400);
    await testApp.api
      .get('/api/admin/quotes/csv')
      .query({ sort: 'name' })
      .set(bearer(manager.token))
      .expect(400);
    await testApp.api.get('/api/admin/quotes/csv').expect(401);
    expect(await exports()).toHaveLength(before);
  });
});
