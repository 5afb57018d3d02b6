import { useState } from 'react';
import type { AuditFilter } from '#src/contract/audit';
import { getAdminToken } from '@/shared/session/session';
import { definedParams } from '@/admin/audit/api/auditApi';

/**
 * Downloads the filtered log as CSV. The API takes a bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser as a download.
 */
export function useCsvDownload() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (filter: AuditFilter) => {
    setBusy(true);
    setFailed(false);
    try {
      const query = new URLSearchParams(definedParams(filter) as Record<string, string>);
      const response = await fetch(`/api/admin/activity/csv?${query}`, {
        headers: { Authorization: `Bearer ${getAdminToken() ?? ''}` },
      });
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { download, busy, failed };
}
