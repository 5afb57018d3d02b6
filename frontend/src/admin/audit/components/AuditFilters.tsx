import DownloadIcon from '@mui/icons-material/Download';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import type { AuditFilter } from '#src/contract/audit';
import { useGetActivityActorsQuery } from '@/admin/audit/api/auditApi';
import { ACTION_TYPES, auditCopy } from '@/admin/audit/copy';

const SEARCH_DELAY_MS = 300;

/** A datetime-local value (local time, no zone) as an ISO instant, or undefined when empty. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : undefined);

interface Props {
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  onDownload: () => void;
  downloading: boolean;
}

/** Actor, action type, period and free text; the grid and the CSV export share them. */
export function AuditFilters({ filter, onChange, onDownload, downloading }: Props) {
  const { data: actors = [] } = useGetActivityActorsQuery();
  const [search, setSearch] = useState(filter.q ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      const q = search.trim() || undefined;
      if (q !== filter.q) onChange({ ...filter, q });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={auditCopy.actor}
        value={filter.actorId ?? ''}
        onChange={(e) => onChange({ ...filter, actorId: e.target.value || undefined })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{auditCopy.anyone}</MenuItem>
        {actors.map((actor) => (
          <MenuItem key={actor.id} value={actor.id}>
            {actor.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={auditCopy.action}
        value={filter.type ?? ''}
        onChange={(e) => onChange({ ...filter, type: e.target.value || undefined })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{auditCopy.anyAction}</MenuItem>
        {ACTION_TYPES.map(({ type, label }) => (
          <MenuItem key={type} value={type}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="datetime-local"
        label={auditCopy.from}
        value={from}
        onChange={(e) => {
          setFrom(e.target.value);
          onChange({ ...filter, from: toInstant(e.target.value) });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label={auditCopy.to}
        value={to}
        onChange={(e) => {
          setTo(e.target.value);
          onChange({ ...filter, to: toInstant(e.target.value) });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={auditCopy.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Button
        onClick={() => {
          setSearch('');
          setFrom('');
          setTo('');
          onChange({});
        }}
      >
        {auditCopy.clearFilters}
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={onDownload}
        disabled={downloading}
      >
        {auditCopy.downloadCsv}
      </Button>
    </Stack>
  );
}
