import { Button } from '@mui/material';
import { useState } from 'react';
import type { SubjectAccessRequest } from '#src/contract/subject-access';
import { useToast } from '@/shared/components/toast';
import { saveDownload } from '@/shared/hooks/saveDownload';
import { getAdminToken } from '@/shared/session/session';
import { leadCopy } from '../copy';

/**
 * Admins download everything held about the lead's person, found by the lead's e-mail, for a
 * right-of-access request (docs/product.md#right-of-access). The e-mail travels in the body.
 */
export function AccessExportButton({ email }: { email: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const body: SubjectAccessRequest = { email };
      const response = await fetch('/api/admin/privacy/access-export', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${getAdminToken() ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      saveDownload(await response.blob(), name?.[1] ?? 'personal-data.zip');
    } catch {
      toast({ title: leadCopy.accessExportFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void download()} disabled={busy || !email}>
      Export personal data
    </Button>
  );
}
