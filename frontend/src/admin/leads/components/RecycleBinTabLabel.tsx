import { useGetDeletedCountQuery } from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';

/** 'Recycle Bin' with the number of trashed leads. */
export default function RecycleBinTabLabel() {
  const deleted = useGetDeletedCountQuery();
  useFetchFailureToast(deleted, leadCopy.fetchDeletedFailed, 'deleted-count');
  return <span>Recycle Bin{deleted.data ? ` (${deleted.data.count})` : ''}</span>;
}
