import { IntakeMailWorker } from '#src/modules/mail/intake/intake-mail.worker.js';
import type { RunningApp } from './test-app.js';

/**
 * How many events the log holds once the intake e-mails of accepted submissions are queued: a
 * refused submission must not change it.
 */
export async function eventCount(testApp: RunningApp): Promise<number> {
  await testApp.app.get(IntakeMailWorker).drain();
  const { rows } = await testApp.db.pool.query<{ n: number }>(
    'select count(*)::int as n from events',
  );
  return rows[0].n;
}

/** A quote the intake accepts: change one field at a time to test a refusal. */
export const validQuote = () => ({
  doorStyle: 'Uritettu',
  doors: 8,
  drawers: 1,
  metres: 1,
  customer: {
    firstName: 'Maija',
    lastName: 'Meikäläinen',
    email: 'maija@example.fi',
    address: 'Keittiötie 1',
    city: 'Espoo',
    phone: '+358 40 765 4321',
    message: 'Ovet ovat 1990-luvulta.',
  },
});
