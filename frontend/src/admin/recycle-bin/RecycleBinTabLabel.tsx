import { useGetDeletedLeadsQuery } from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { useFetchFailureToast } from '@/admin/shell/useFetchFailureToast';

/** 'Recycle Bin' with the number of trashed leads. */
export default function RecycleBinTabLabel() {
  const deleted = useGetDeletedLeadsQuery();
  useFetchFailureToast(deleted, leadCopy.fetchDeletedFailed);
  return <span>Recycle Bin{deleted.data ? ` (${deleted.data.length})` : ''}</span>;
}
