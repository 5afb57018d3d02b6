import { useGetDeletedLeadsQuery } from '@/admin/leads/api/leadsApi';

/** 'Recycle Bin' with the number of trashed leads. */
export default function RecycleBinTabLabel() {
  const { data } = useGetDeletedLeadsQuery();
  return <span>Recycle Bin{data ? ` (${data.length})` : ''}</span>;
}
