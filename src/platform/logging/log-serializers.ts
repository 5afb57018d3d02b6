import { isIP } from 'node:net';

/**
 * The only headers an access log entry keeps. An allowlist rather than a list of headers to
 * drop: credentials, cookies, forwarding addresses and the referring page (whose query may hold
 * a search) never reach a log, nor does any header added later. Picking three is also far cheaper
 * than copying every header of every request.
 */
const LOGGED_REQUEST_HEADERS = ['user-agent', 'content-type', 'content-length'] as const;

type Headers = Record<string, unknown>;

interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Headers;
  remoteAddress?: string;
  /** Whatever else the request serializer gives (query, parameters, port) is left out. */
  [other: string]: unknown;
}

interface LoggedResponse {
  statusCode?: number;
  headers?: Headers;
}

function loggedHeaders(headers: Headers | undefined): Headers | undefined {
  if (!headers) return undefined;
  const kept: Headers = {};
  for (const name of LOGGED_REQUEST_HEADERS) {
    if (headers[name] !== undefined) kept[name] = headers[name];
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
 * request id, method, path without its query, the client's network rather than its address and
 * a few harmless headers; for the response its status and length. The request entry is built for
 * every request (pino-http binds it to the request's logger), so it stays small.
 */
export const httpLogSerializers = {
  req: ({ id, method, url, remoteAddress, headers }: LoggedRequest) => ({
    id,
    method,
    url: withoutQuery(url),
    remoteAddress: truncateIp(remoteAddress),
    headers: loggedHeaders(headers),
  }),
  res: ({ statusCode, headers }: LoggedResponse) => ({
    statusCode,
    contentLength: headers?.['content-length'],
  }),
};
