import { EventSource } from 'eventsource';
import request from 'supertest';
import { LIVE_EVENTS, LIVE_SESSION_PATH, LIVE_STREAM_PATH } from '#src/contract/live.js';
import { bearer } from './staff.js';

export interface LiveMessage {
  event: string;
  id: string;
  data: Record<string, unknown>;
  /** performance.now() when it arrived. */
  at: number;
}

export interface LiveClient {
  source: EventSource;
  messages: LiveMessage[];
  /** Resolves with the first message (already received or coming) that `match` accepts. */
  next(match: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  onMessage(listener: (message: LiveMessage) => void): void;
  close(): void;
}

/** The live stream's cookie for a signed-in member, as the admin app gets it. */
export async function liveCookie(baseUrl: string, token: string): Promise<string> {
  const response = await request(baseUrl).post(LIVE_SESSION_PATH).set(bearer(token)).expect(204);
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * A real EventSource client (reconnects and sends Last-Event-ID as a browser's does) on the
 * live stream, with the cookie a browser would send; resolves once the stream said `ready`.
 */
export async function openLiveClient(
  baseUrl: string,
  cookie: string,
  query = '',
): Promise<LiveClient> {
  const source = new EventSource(`${baseUrl}${LIVE_STREAM_PATH}${query}`, {
    fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, Cookie: cookie } }),
  });
  const messages: LiveMessage[] = [];
  const listeners = new Set<(message: LiveMessage) => void>();
  for (const event of Object.values(LIVE_EVENTS)) {
    source.addEventListener(event, (e: MessageEvent<string>) => {
      const message = { event, id: e.lastEventId, data: JSON.parse(e.data), at: performance.now() };
      messages.push(message);
      for (const listener of listeners) listener(message);
    });
  }
  const next = (match: (message: LiveMessage) => boolean, timeoutMs = 5000) =>
    new Promise<LiveMessage>((resolve, reject) => {
      const found = messages.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`no matching live message in ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (message: LiveMessage) => {
        if (!match(message)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(message);
      };
      listeners.add(listener);
    });
  const client: LiveClient = {
    source,
    messages,
    next,
    onMessage: (listener) => listeners.add(listener),
    close: () => source.close(),
  };
  await next((m) => m.event === LIVE_EVENTS.ready).catch((error: Error) => {
    source.close();
    throw error;
  });
  return client;
}
