import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LeadView } from '#src/contract/leads';
import {
  useGetColumnsQuery,
  useGetLeadStatsQuery,
  useMoveLeadMutation,
} from '@/admin/leads/api/leadsApi';
import { AddLeadDialog } from '@/admin/leads/components/AddLeadDialog';
import { LeadDetailsDialog } from '@/admin/leads/components/LeadDetailsDialog';
import { leadCopy } from '@/admin/leads/copy';
import { useLeadActions } from '@/admin/leads/hooks/useLeadActions';
import { useReloadLeads } from '@/admin/leads/hooks/useReloadLeads';
import { useUpdateFailure } from '@/admin/leads/hooks/useUpdateFailure';
import { BoardAsOfView } from '@/admin/leads/board-as-of/BoardAsOfView';
import { TimeTravelBar } from '@/admin/leads/board-as-of/TimeTravelBar';
import { ConflictAlert, LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useCsvDownload } from '@/shared/hooks/useCsvDownload';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import { columnKeyboardCoordinates } from '../lib/boardKeyboard';
import { ColumnDialog } from './board/ColumnDialog';
import { DeleteColumnDialog } from './board/DeleteColumnDialog';
import { KanbanColumn } from './board/KanbanColumn';
import { LeadCardBody } from './board/LeadCard';
import { useColumnEditing } from '../hooks/useColumnEditing';

/** The sales pipeline as a kanban board; dropping a card in another column changes its status. */
export default function CrmTab() {
  const columnsQuery = useGetColumnsQuery();
  const { data: columns, isLoading, isError } = columnsQuery;
  const statsQuery = useGetLeadStatsQuery();
  const stats = statsQuery.data;
  useFetchFailureToast(columnsQuery, leadCopy.fetchQuotesFailed);
  useFetchFailureToast(statsQuery, leadCopy.fetchQuotesFailed);
  const reloadLeads = useReloadLeads();
  const [moveLead] = useMoveLeadMutation();
  const { trashLead } = useLeadActions();
  const columnEditing = useColumnEditing();
  // A lead named in the address (`?lead=<id>`: audit rows, notice e-mails) opens at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const openLeadId = searchParams.get('lead');
  const setOpenLeadId = (leadId: string | null) =>
    setSearchParams(
      (params) => {
        if (leadId) params.set('lead', leadId);
        else params.delete('lead');
        return params;
      },
      { replace: true },
    );
  const [adding, setAdding] = useState(false);
  const [dragged, setDragged] = useState<LeadView | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [asOf, setAsOf] = useState<string | null>(null);
  const { data: me } = useVerifyQuery();
  const [myLeads, setMyLeads] = useState(false);
  const owner = myLeads ? me?.user.id : undefined;
  const exportsLeads = me?.user.role === 'admin' || me?.user.role === 'manager';
  const csv = useCsvDownload('/admin/quotes/csv', 'leads.csv');
  const reportFailure = useUpdateFailure(setConflict);

  const sensors = useSensors(
    // A short travel before a drag starts keeps a plain click opening the details.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger drags once held still a moment; a quick swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const valueByStatus = useMemo(
    () => new Map(stats?.byStatus.map((s) => [s.status, s.value]) ?? []),
    [stats],
  );

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged((active.data.current as { lead: LeadView } | undefined)?.lead ?? null);

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const lead = (active.data.current as { lead: LeadView } | undefined)?.lead;
    const target = over?.id ? String(over.id) : null;
    // Saved only when the status differs (docs/product.md#pipeline-columns).
    if (!lead || !target || target === lead.status) return;
    try {
      await moveLead({ id: lead.id, status: target, expectedVersion: lead.version }).unwrap();
      setConflict(null);
    } catch (error) {
      reportFailure(error);
    }
  };

  const reload = () => {
    reloadLeads();
    setConflict(null);
  };

  if (isLoading) return <CircularProgress aria-label="Loading pipeline" />;
  if (isError || !columns)
    return <LoadFailedAlert message={leadCopy.fetchQuotesFailed} onRetry={reloadLeads} />;
  const editing = columnEditing.editing;

  if (asOf)
    return (
      <Box>
        <TimeTravelBar asOf={asOf} onChange={setAsOf} />
        <BoardAsOfView at={asOf} />
      </Box>
    );

  return (
    <Box>
      <Stack
        direction="row"
        useFlexGap
        sx={{ mb: 2, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <TimeTravelBar asOf={asOf} onChange={setAsOf} />
        </Box>
        <FormControlLabel
          control={<Switch checked={myLeads} onChange={(_, on) => setMyLeads(on)} />}
          label="My leads"
        />
        {exportsLeads && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={csv.busy}
            onClick={() => void csv.download({ owner })}
          >
            Export CSV
          </Button>
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add Lead
        </Button>
        <Button variant="outlined" startIcon={<ViewColumnIcon />} onClick={columnEditing.startAdd}>
          Add Column
        </Button>
      </Stack>
      {conflict && <ConflictAlert message={conflict} onReload={reload} />}
      {csv.failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {leadCopy.exportFailed}
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              'To move a lead, press Space. Use the left and right arrow keys to choose a column, Space to drop it, Escape to cancel.',
          },
        }}
      >
        <Stack
          direction="row"
          spacing={2}
          sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}
          data-testid="kanban-board"
        >
          {columns.map((column) => (
            <KanbanColumn
              key={column.id}
              column={column}
              value={valueByStatus.get(column.id) ?? (stats ? 0 : undefined)}
              onOpen={setOpenLeadId}
              onTrash={trashLead}
              onEdit={columnEditing.startEdit}
              owner={owner}
            />
          ))}
        </Stack>
        <DragOverlay dropAnimation={null}>
          {dragged && (
            <Card variant="outlined" sx={{ width: 270, p: 1.5, boxShadow: 6, cursor: 'grabbing' }}>
              <LeadCardBody lead={dragged} />
            </Card>
          )}
        </DragOverlay>
      </DndContext>
      <LeadDetailsDialog leadId={openLeadId} onClose={() => setOpenLeadId(null)} />
      <AddLeadDialog open={adding} onClose={() => setAdding(false)} />
      {(editing?.mode === 'add' || editing?.mode === 'edit') && (
        <ColumnDialog
          column={editing.mode === 'edit' ? editing.column : null}
          canDelete={columns.length > 1}
          busy={columnEditing.busy}
          onSave={columnEditing.save}
          onDelete={() => editing.mode === 'edit' && columnEditing.startDelete(editing.column)}
          onClose={columnEditing.close}
        />
      )}
      {editing?.mode === 'delete' && (
        <DeleteColumnDialog
          column={editing.column}
          columns={columns}
          busy={columnEditing.busy}
          onConfirm={(target) => columnEditing.remove(editing.column, target)}
          onClose={columnEditing.close}
        />
      )}
    </Box>
  );
}
