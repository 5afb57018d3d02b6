import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('event metadata', () => {
  const testApp = useTestApp();
  const manager = testApp.signedIn('manager');

  /** Adds a pipeline column with the request id given; returns the answer and the event's metadata. */
  async function addColumn(requestId: string) {
    const response = await request(testApp.baseUrl)
      .post('/api/admin/pipeline-columns')
      .set(bearer(manager.token))
      .set('X-Request-Id', requestId)
      .send({ name: `Vaihe ${randomUUID().slice(0, 6)}`, color: 'blue' })
      .expect(201);
    const { rows } = await testApp.db.pool.query<{
      metadata: { correlationId: string; causationId: string };
    }>('select metadata from events where stream_id = $1 order by stream_version desc limit 1', [
      PIPELINE_STREAM_ID,
    ]);
    return { header: response.headers['x-request-id'], metadata: rows[0].metadata };
  }

  it.each([
    ['a UUID', randomUUID()],
    ['32 hex digits, as a proxy sends', randomUUID().replaceAll('-', '')],
  ])('should correlate events with a well-formed X-Request-Id: %s', async (_, requestId) => {
    const { header, metadata } = await addColumn(requestId);

    expect(header).toBe(requestId);
    expect(metadata.correlationId).toBe(requestId);
  });

  it.each([
    ['free text', 'audit-trail-of-someone-else'],
    ['markup', '<script>alert(1)</script>'],
    ['too long', 'a'.repeat(200)],
    ['a UUID with a tail', `${randomUUID()}-x`],
  ])('should generate the correlation id instead of taking %s', async (_, requestId) => {
    const { header, metadata } = await addColumn(requestId);

    expect(header).toMatch(UUID);
    expect(metadata.correlationId).toBe(header);
  });

  it('should name the command that caused an event, apart from the request', async () => {
    const first = await addColumn(randomUUID());
    const second = await addColumn(randomUUID());

    expect(first.metadata.causationId).toMatch(UUID);
    expect(first.metadata.causationId).not.toBe(first.metadata.correlationId);
    expect(second.metadata.causationId).not.toBe(first.metadata.causationId);
  });
});
