/**
 * Public quotes as a bench's load: POST /api/quote from distinct visitors (a connection and a
 * client IP each, through one trusted proxy hop), sent open loop at a fixed rate.
 */
import { Agent, request } from 'node:http';

export const QUOTE_BODY = JSON.stringify({
  doorStyle: 'Uritettu',
  doors: 12,
  drawers: 4,
  metres: 3,
  customer: {
    firstName: 'Kuorma',
    lastName: 'Testaaja',
    email: 'kuorma@example.fi',
    address: 'Testitie 1',
    city: 'Espoo',
    country: 'FI',
    phone: '+358 40 000 0000',
    message: 'Kuormitustesti',
  },
});

// A connection per quote, as from distinct visitors.
const agent = new Agent({ keepAlive: false });
let visitor = 0;

/** One quote from a new visitor; resolves with its round trip in ms once answered 201. */
export function postQuote(base: string, body = QUOTE_BODY): Promise<number> {
  visitor += 1;
  const ip = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const started = performance.now();
  return new Promise((done, fail) => {
    const sent = request(
      `${base}/api/quote`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': ip,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 201) fail(new Error(`quote answered ${response.statusCode}`));
          else done(performance.now() - started);
        });
      },
    );
    sent.on('error', fail);
    sent.end(body);
  });
}

/** Quotes at `perSecond` for `seconds`, open loop: a slow answer does not delay the next. */
export async function quotesAtRate(
  base: string,
  perSecond: number,
  seconds: number,
): Promise<number[]> {
  const [roundTrips] = await interleavedQuotesAtRate([base], perSecond, seconds);
  return roundTrips;
}

/**
 * The same load dealt in turn to each of `bases` (the n-th quote to `bases[n % length]`), so
 * whatever the machine does meanwhile falls on all of them alike; answers each one's round trips.
 */
export async function interleavedQuotesAtRate(
  bases: readonly string[],
  perSecond: number,
  seconds: number,
): Promise<number[][]> {
  const pending: Promise<number>[][] = bases.map(() => []);
  const interval = 1000 / perSecond;
  const start = performance.now();
  for (let n = 0; n < seconds * perSecond; n++) {
    const wait = start + n * interval - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    pending[n % bases.length].push(postQuote(bases[n % bases.length]));
  }
  return Promise.all(pending.map((answers) => Promise.all(answers)));
}

/** The value below which `p` % of the sorted values lie. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Closes the visitors' connections so the process can end. */
export function endQuoteLoad(): void {
  agent.destroy();
}
