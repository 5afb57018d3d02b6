import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('should report the database up and run on Node 24', async () => {
    const response = await request(testApp.baseUrl).get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(response.body.node).toMatch(/^v24\./);
  });

  it('should answer unknown API routes with the JSON error shape', async () => {
    const response = await request(testApp.baseUrl).get('/api/does-not-exist').expect(404);
    expect(response.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: expect.any(String),
    });
  });

  it('should refuse malformed JSON with 400 and no stack trace', async () => {
    const response = await request(testApp.baseUrl)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"broken": ');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js/);
    expect(response.body.statusCode).toBe(400);
  });
});
