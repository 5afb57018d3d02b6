import { useState } from 'react';
import { getAdminToken } from '@/shared/session/session';
import { saveDownload } from './saveDownload';

/**
 * Downloads a CSV export of the admin API. The API takes a bearer token, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export function useCsvDownload(path: string, fileName: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (params: object) => {
    setBusy(true);
    setFailed(false);
    try {
      const defined = Object.entries(params).filter(([, v]) => v !== '' && v != null);
      const query = new URLSearchParams(defined.map(([k, v]) => [k, String(v)]));
      const response = await fetch(`/api${path}?${query}`, {
        headers: { Authorization: `Bearer ${getAdminToken() ?? ''}` },
      });
      if (!response.ok) throw new Error(`${response.status}`);
      saveDownload(await response.blob(), fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { download, busy, failed };
}
