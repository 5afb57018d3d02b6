import { useCallback } from 'react';
import { ADMIN_TOKEN_KEY } from '@/shared/api/api';

/**
 * Downloads a backup file. A plain link cannot carry the admin's bearer token, so the file is
 * fetched with it and handed to the browser as a blob.
 */
export function useBackupDownload() {
  return useCallback(async (name: string) => {
    const token = localStorage.getItem(ADMIN_TOKEN_KEY);
    const response = await fetch(`/api/admin/backup/files/${encodeURIComponent(name)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const url = URL.createObjectURL(await response.blob());
    try {
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
  }, []);
}
