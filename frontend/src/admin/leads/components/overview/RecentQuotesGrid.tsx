import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import type { LeadView } from '#src/contract/leads';
import { useGetColumnsQuery, useGetLeadPageQuery } from '@/admin/leads/api/leadsApi';
import { StatusChip } from '@/admin/leads/components/StatusChip';
import { leadCopy } from '@/admin/leads/copy';
import { useLeadActions } from '@/admin/leads/hooks/useLeadActions';
import { useReloadLeads } from '@/admin/leads/hooks/useReloadLeads';
import { EmailButton } from '@/admin/leads/mail/components/EmailButton';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { formatDate, formatEuro } from '@/shared/format/format';
import { serverPagedGridProps } from '@/shared/components/serverPagedGrid';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 250;

/** The newest leads, searched and filtered on the server so it scales with the pipeline. */
export function RecentQuotesGrid({ onOpen }: { onOpen: (leadId: string) => void }) {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(0);
  const columnsQuery = useGetColumnsQuery();
  const { data: columns = [] } = columnsQuery;
  const { trashLead } = useLeadActions();
  const reloadLeads = useReloadLeads();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const leadPage = useGetLeadPageQuery({
    search: search || undefined,
    status: status === 'all' ? undefined : status,
    page: page + 1,
    pageSize: PAGE_SIZE,
  });
  const { data, isFetching, isError } = leadPage;
  useFetchFailureToast(leadPage, leadCopy.fetchQuotesFailed);
  useFetchFailureToast(columnsQuery, leadCopy.fetchQuotesFailed);

  const gridColumns = useMemo<GridColDef<LeadView>[]>(
    () => [
      {
        field: 'customer',
        headerName: 'Customer',
        flex: 1.2,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => `${row.customerFirstName} ${row.customerLastName}`,
      },
      { field: 'customerEmail', headerName: 'Email', flex: 1.4, minWidth: 180, sortable: false },
      {
        field: 'doorStyle',
        headerName: 'Door Style',
        width: 130,
        sortable: false,
        valueGetter: (v) => v ?? '–',
      },
      {
        field: 'totalPrice',
        headerName: 'Value',
        width: 120,
        sortable: false,
        valueFormatter: (v: number) => formatEuro(v),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <StatusChip status={row.status} columns={columns} />,
      },
      {
        field: 'createdAt',
        headerName: 'Date',
        width: 110,
        sortable: false,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => {
          const name = `${row.customerFirstName} ${row.customerLastName}`;
          return (
            <Stack direction="row">
              <Tooltip title="View details">
                <IconButton
                  size="small"
                  aria-label={`View details of ${name}`}
                  onClick={() => onOpen(row.id)}
                >
                  <VisibilityOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <EmailButton leadId={row.id} customerName={name} customerEmail={row.customerEmail} />
              <Tooltip title="Move to trash">
                <IconButton
                  size="small"
                  aria-label={`Move ${name} to trash`}
                  onClick={() => trashLead(row.id)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        },
      },
    ],
    [columns, onOpen, trashLead],
  );

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Recent Quotes
        </Typography>
        <TextField
          size="small"
          label="Search"
          placeholder="Name or email"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All</MenuItem>
          {columns.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isError && (
        <LoadFailedAlert
          message={leadCopy.fetchQuotesFailed}
          onRetry={reloadLeads}
          sx={{ mb: 2 }}
        />
      )}
      <DataGrid
        aria-label="Recent Quotes"
        rows={data?.items ?? []}
        columns={gridColumns}
        loading={isFetching}
        rowCount={data?.total ?? 0}
        {...serverPagedGridProps(page, PAGE_SIZE, setPage)}
        localeText={{ noRowsLabel: isError ? 'Quotes could not be loaded' : 'No quotes found' }}
      />
    </Box>
  );
}
