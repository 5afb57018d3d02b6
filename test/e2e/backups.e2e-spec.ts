import request from 'supertest';
import { bearer, signInAs } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Backups API', () => {
  let testApp: TestApp;
  let admin: string;
  let manager: string;
  let salesperson: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = (await signInAs(testApp, 'admin')).token;
    manager = (await signInAs(testApp, 'manager')).token;
    salesperson = (await signInAs(testApp, 'salesperson')).token;
  });
  afterAll(async () => {
    await testApp.close();
  });
  const api = () => request(testApp.baseUrl);

  it('should answer both status calls to admins only', async () => {
    for (const path of ['/api/backup-status', '/api/admin/backup/status']) {
      await api().get(path).expect(401);
      await api().get(path).set(bearer(salesperson)).expect(403);
      await api().get(path).set(bearer(manager)).expect(403);
      const { body } = await api().get(path).set(bearer(admin)).expect(200);
      expect(body).toMatchObject({ status: 'active', totalFiles: expect.any(Number) });
    }
  });

  it('should list a backup made now on top, downloadable by an admin', async () => {
    const created = await api().post('/api/admin/backup/run').set(bearer(admin)).expect(201);
    const name = (created.body as { file: { name: string } }).file.name;

    const { body } = await api().get('/api/admin/backup/status').set(bearer(admin)).expect(200);
    expect(body.files[0]).toMatchObject({ name, sizeFormatted: expect.stringMatching(/B$/) });
    expect(body.lastBackup.created).toBe(body.files[0].created);
    expect(body.totalFiles).toBe(body.files.length);

    const file = await api()
      .get(`/api/admin/backup/files/${name}`)
      .set(bearer(admin))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-disposition']).toContain(name);
    expect((file.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    await api().get(`/api/admin/backup/files/${name}`).set(bearer(salesperson)).expect(403);
    await api().post('/api/admin/backup/run').set(bearer(manager)).expect(403);
  });

  it('should answer 400 for a name that is not a backup file and 404 for a missing one', async () => {
    await api().get('/api/admin/backup/files/..%2F..%2Fapp-secret').set(bearer(admin)).expect(400);
    await api()
      .get('/api/admin/backup/files/backup-20200101T000000000Z.kkbackup.gz')
      .set(bearer(admin))
      .expect(404);
  });
});
