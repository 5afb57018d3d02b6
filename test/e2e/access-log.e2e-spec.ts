import request from 'supertest';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** A customer whose details must never reach a log line, and the address they write from. */
const CUSTOMER = {
  firstName: 'Kerttu',
  lastName: 'Kalvonen',
  email: 'kerttu.kalvonen@example.fi',
  phone: '+358 44 987 6543',
};
const CLIENT_IP = '198.51.100.77';

describe('Access logs', () => {
  const lines: string[] = [];

  const testApp = useTestApp({
    env: { TRUST_PROXY_HOPS: '1', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000' },
    logDestination: { write: (line: string) => void lines.push(line) },
  });

  it('should hold no names, e-mails, phone numbers or client addresses after a day of work', async () => {
    const api = request(testApp.baseUrl);
    const client = { 'X-Forwarded-For': CLIENT_IP };
    await api
      .post('/api/quote')
      .set(client)
      .send({
        doorStyle: 'Uritettu',
        doors: 8,
        drawers: 1,
        metres: 1,
        customer: { ...CUSTOMER, address: 'Ruusukuja 9', city: 'Espoo' },
      })
      .expect(201);
    const contact = await api
      .post('/api/contact')
      .set(client)
      .send({ ...CUSTOMER, message: 'Soittakaa Kerttu Kalvoselle' })
      .expect(201);
    await api
      .post('/api/contact')
      .set(client)
      .send({ ...CUSTOMER, email: 'kerttu.kalvonen@' })
      .expect(400);
    const { token } = await signInAs(testApp, 'salesperson');
    const staff = { ...client, ...bearer(token) };
    for (const search of [CUSTOMER.lastName, CUSTOMER.email, CUSTOMER.phone]) {
      await api.get('/api/admin/quotes').query({ search }).set(staff).expect(200);
    }
    const leadPath = `/api/admin/quotes/${contact.body.leadId}`;
    // The message is linked to the quote as a duplicate, so its version is read, not assumed.
    const { body: lead } = await api
      .get(`${leadPath}?customer=${CUSTOMER.email}`)
      .set(staff)
      .expect(200);
    await api
      .put(`${leadPath}/update-lead`)
      .set(staff)
      .send({
        customerFirstName: CUSTOMER.firstName,
        customerLastName: CUSTOMER.lastName,
        customerEmail: CUSTOMER.email,
        customerPhone: '+358 44 987 0000',
        expectedVersion: (lead as { version: number }).version,
      })
      .expect(200);
    await api.get(`${leadPath}/history`).set(staff).expect(200);

    const log = lines.join('').toLowerCase();
    // The log is there and names the routes: the checks below look at real entries.
    expect(log).toContain('"url":"/api/admin/quotes"');
    expect(log).toContain(`"url":"${leadPath}/update-lead"`);
    expect(log).toContain('"remoteaddress":"127.0.0.0"');
    const personal = [
      'kerttu',
      'kalvonen',
      'ruusukuja',
      'kerttu.kalvonen%40',
      '987 6543',
      '987%206543',
      '9876543',
      '987 0000',
      CLIENT_IP,
      '198.51.100.77',
    ];
    expect(personal.filter((value) => log.includes(value.toLowerCase()))).toEqual([]);
  });
});
