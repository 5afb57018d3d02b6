import {
  LIVE_EVENTS,
  LIVE_SESSION_PATH,
  LIVE_STREAM_PATH,
  type LiveChange,
} from '#src/contract/live';
import { api } from '@/shared/api/api';
import type { AppDispatch } from '@/app/store';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

/** Notices that arrive together become one refetch per screen, at most this often. */
const FLUSH_MS = 150;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

const BIN_TYPES = new Set(['LeadTrashed', 'LeadRestored', 'LeadErased']);

/** The cached answers a change makes stale (the Overview's totals wait for their own notice). */
export function tagsFor(change: LiveChange): Tag[] {
  if (change.streamId.startsWith('mail-') && change.leadId) {
    return [
      { type: 'Emails', id: change.leadId },
      { type: 'Emails', id: 'UNREAD' },
    ];
  }
  if (!change.leadId) return ['Columns', 'Leads', 'Lead'];
  return [
    'Leads',
    { type: 'Lead', id: change.leadId },
    ...(BIN_TYPES.has(change.type) ? (['DeletedLeads'] as Tag[]) : []),
  ];
}

let status: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();

export const liveStatus = () => status;
export function onLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/**
 * One EventSource for the admin: every change another person (or tab) makes marks the affected
 * answers stale, so the open screens ask again. The browser reconnects by itself and resumes
 * from the last change (Last-Event-ID); a refused stream is opened anew after a back-off, from
 * the last change seen. Answers a function that closes it.
 */
export function connectLiveUpdates(dispatch: AppDispatch, token: string): () => void {
  let source: EventSource | null = null;
  let lastId = '';
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let flush: ReturnType<typeof setTimeout> | null = null;
  let pending: Tag[] = [];

  const invalidate = (tags: Tag[]) => {
    pending.push(...tags);
    flush ??= setTimeout(() => {
      flush = null;
      const tags = pending;
      pending = [];
      dispatch(api.util.invalidateTags(tags));
    }, FLUSH_MS);
  };

  const open = async () => {
    if (closed) return;
    try {
      const answer = await fetch(LIVE_SESSION_PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      });
      if (!answer.ok) throw new Error(String(answer.status));
    } catch {
      return scheduleRetry();
    }
    if (closed) return;
    const next = new EventSource(`${LIVE_STREAM_PATH}${lastId ? `?after=${lastId}` : ''}`);
    source = next;
    next.addEventListener(LIVE_EVENTS.ready, (event) => {
      attempt = 0;
      lastId = (event as MessageEvent).lastEventId || lastId;
      setStatus('live');
    });
    next.addEventListener(LIVE_EVENTS.change, (event) => {
      const message = event as MessageEvent<string>;
      lastId = message.lastEventId;
      invalidate(tagsFor(JSON.parse(message.data) as LiveChange));
    });
    next.addEventListener(LIVE_EVENTS.stats, () => invalidate(['Stats']));
    next.addEventListener(LIVE_EVENTS.resync, () =>
      invalidate(['Columns', 'Leads', 'Lead', 'Stats', 'DeletedLeads', 'Emails']),
    );
    next.onerror = () => {
      setStatus('reconnecting');
      // CONNECTING: the browser tries again by itself; CLOSED: it gave up (401, 503…).
      if (next.readyState === EventSource.CLOSED) scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (closed) return;
    setStatus('reconnecting');
    source?.close();
    source = null;
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
    retry = setTimeout(() => void open(), wait);
  };

  const offline = () => setStatus('reconnecting');
  window.addEventListener('offline', offline);
  void open();
  return () => {
    closed = true;
    window.removeEventListener('offline', offline);
    if (retry) clearTimeout(retry);
    if (flush) clearTimeout(flush);
    source?.close();
    setStatus('connecting');
  };
}
