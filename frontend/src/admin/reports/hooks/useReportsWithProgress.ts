import { useEffect, useRef, useState } from 'react';
import type { ReportSummary } from '#src/contract/reports';
import { REPORT_PROGRESS_POLL_MS } from '#src/contract/reports';
import { useReportsQuery } from '@/admin/reports/api/reportsApi';

/** What the tab last saw of a build it watched finish. */
export interface FinishedBuild {
  total: number;
  /** Bumped at each finish, so the report's new version is fetched. */
  revision: number;
}

/**
 * The reports, polled while any build runs, and the builds this page saw finish: a build's last
 * poll may come before its switch, so a finish is a build that was there and is gone.
 */
export function useReportsWithProgress() {
  const [polling, setPolling] = useState(false);
  const [pollFrom, setPollFrom] = useState(0);
  const reports = useReportsQuery(undefined, {
    pollingInterval: polling ? REPORT_PROGRESS_POLL_MS : 0,
  });
  // Poll until an answer newer than the last build start, then for as long as a build runs.
  // Derived during render (React's pattern for state that follows other state), not in an effect.
  const answeredSinceStart = (reports.fulfilledTimeStamp ?? 0) >= pollFrom;
  const shouldPoll =
    !answeredSinceStart || (reports.data ?? []).some((report) => report.build?.running === true);
  if (shouldPoll !== polling) setPolling(shouldPoll);
  const watched = useRef(new Map<string, number>());
  const [finished, setFinished] = useState<Record<string, FinishedBuild>>({});

  useEffect(() => {
    const list: ReportSummary[] = reports.data ?? [];
    for (const report of list) {
      const total = watched.current.get(report.name);
      if (report.build) {
        watched.current.set(report.name, Math.max(report.build.total, report.build.processed));
      } else if (total !== undefined && report.state === 'ready') {
        watched.current.delete(report.name);
        setFinished((previous) => ({
          ...previous,
          [report.name]: { total, revision: (previous[report.name]?.revision ?? 0) + 1 },
        }));
      }
    }
  }, [reports.data]);

  return { reports, finished, startPolling: () => setPollFrom(Date.now()) };
}
