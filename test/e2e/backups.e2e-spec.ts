import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

describe('Backups API', () => {
  const testApp = useTestApp();
  const admin = testApp.signedIn('admin');
  const manager = testApp.signedIn('manager');
  const salesperson = testApp.signedIn('salesperson');

  it('should answer both status calls to admins only', async () => {
    for (const path of ['/api/backup-status', '/api/admin/backup/status']) {
      await testApp.api.get(path).expect(401);
      await testApp.api.get(path).set(bearer(salesperson.token)).expect(403);
      await testApp.api.get(path).set(bearer(manager.token)).expect(403);
      const { body } = await testApp.api.get(path).set(bearer(admin.token)).expect(200);
      expect(body).toMatchObject({ status: 'active', totalFiles: expect.any(Number) });
    }
  });

  it('should list a backup made now on top, downloadable by an admin', async () => {
    const created = await testApp.api
      .post('/api/admin/backup/run')
      .set(bearer(admin.token))
      .expect(201);
    const name = (created.body as { file: { name: string } }).file.name;

    const { body } = await testApp.api
      .get('/api/admin/backup/status')
      .set(bearer(admin.token))
      .expect(200);
    expect(body.files[0]).toMatchObject({ name, sizeFormatted: expect.stringMatching(/B$/) });
    expect(body.lastBackup.created).toBe(body.files[0].created);
    expect(body.totalFiles).toBe(body.files.length);

    const file = await testApp.api
      .get(`/api/admin/backup/files/${name}`)
      .set(bearer(admin.token))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-disposition']).toContain(name);
    expect((file.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    await testApp.api
      .get(`/api/admin/backup/files/${name}`)
      .set(bearer(salesperson.token))
      .expect(403);
    await testApp.api.post('/api/admin/backup/run').set(bearer(manager.token)).expect(403);
  });

  it('should answer 400 for a name that is not a backup file and 404 for a missing one', async () => {
    await testApp.api
      .get('/api/admin/backup/files/..%2F..%2Fapp-secret')
      .set(bearer(admin.token))
      .expect(400);
    await testApp.api
      .get('/api/admin/backup/files/backup-20200101T000000000Z.kkbackup.gz')
      .set(bearer(admin.token))
      .expect(404);
  });
});
