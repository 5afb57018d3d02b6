import { isIP } from 'node:net';

/**
 * Headers never written to a log: credentials, and those that carry personal data — the
 * client's address through proxies and the referring page, whose query may hold a search.
 */
const UNLOGGED_HEADERS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'referer',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
]);

type Headers = Record<string, unknown>;

interface LoggedRequest {
  url?: string;
  headers?: Headers;
  remoteAddress?: string;
  [other: string]: unknown;
}

function withoutUnlogged(headers: Headers | undefined): Headers | undefined {
  if (!headers) return headers;
  const kept: Headers = {};
  for (const name of Object.keys(headers)) {
    if (!UNLOGGED_HEADERS.has(name.toLowerCase())) kept[name] = headers[name];
  }
  return kept;
}

/** The path alone: the lead search puts customers' names and e-mails in the query. */
export function withoutQuery(url: string | undefined): string | undefined {
  const start = url?.indexOf('?') ?? -1;
  return start === -1 ? url : url!.slice(0, start);
}

/**
 * The network an address belongs to, not the person: an IPv4 address without its last byte,
 * an IPv6 address reduced to its /48 prefix.
 */
export function truncateIp(address: string | undefined): string | undefined {
  if (!address) return address;
  const plain = address.split('%')[0];
  const v4 = /^(.*?)(\d+\.\d+\.\d+)\.\d+$/.exec(plain);
  if (v4) return `${v4[1]}${v4[2]}.0`;
  if (isIP(plain) !== 6) return undefined;
  const [head, tail] = plain.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups.slice(0, 3).join(':')}::`;
}

/**
 * pino-http's request and response log entries, without personal data or credentials: the
 * path without its query, the client's network rather than its address, no query or route
 * parameters, no credential or forwarding headers. Dropping them here costs a copy of the
 * headers; pino's path redaction cloned and rewrote every entry instead, a measurable share of
 * a small request's time.
 */
export const httpLogSerializers = {
  req: ({ query: _query, params: _params, remotePort: _port, ...req }: LoggedRequest) => ({
    ...req,
    url: withoutQuery(req.url),
    remoteAddress: truncateIp(req.remoteAddress),
    headers: withoutUnlogged(req.headers),
  }),
  res: <T extends { headers?: Headers }>(res: T): T => ({
    ...res,
    headers: withoutUnlogged(res.headers),
  }),
};
