import { jest } from '@jest/globals';
import type pg from 'pg';
import request from 'supertest';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

describe('GET /api/health', () => {
  const testApp = useTestApp();

  it('should tell an anonymous caller only that the service and its database are up', async () => {
    const response = await request(testApp.baseUrl).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('should show signed-in staff the runtime (Node 24) and each projection lag', async () => {
    const { token } = await signInAs(testApp, 'admin');
    const response = await request(testApp.baseUrl)
      .get('/api/health')
      .set(bearer(token))
      .expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(response.body.node).toMatch(/^v24\./);
    expect(response.body.projections).toContainEqual({ name: 'lead_stats', mode: 'async', lag: 0 });
  });

  it('should probe the database at most once a second for a burst of health checks', async () => {
    const pool = testApp.app.get<pg.Pool>(PG_POOL);
    const query = jest.spyOn(pool, 'query');
    try {
      await Promise.all(
        Array.from({ length: 50 }, () => request(testApp.baseUrl).get('/api/health').expect(200)),
      );
      const probes = query.mock.calls.filter(([sql]) => sql === 'select 1');
      // One per second the burst lasts (50 without the shared probe).
      expect(probes.length).toBeLessThanOrEqual(3);
    } finally {
      query.mockRestore();
    }
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
