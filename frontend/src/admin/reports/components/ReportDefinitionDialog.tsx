import { Alert, Autocomplete, DialogContentText, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  REPORT_MEASURE_KINDS,
  type ReportDefinitionInput,
  type ReportGrouping,
  type ReportMeasureKind,
  type ReportVocabulary,
} from '#src/contract/reports';
import { reportCopy } from '@/admin/reports/copy';
import { ActionDialog } from '@/shared/components/ActionDialog';

const EMPTY: ReportDefinitionInput = {
  title: '',
  eventTypes: [],
  measure: { kind: 'count' },
  groupBy: ['month'],
};

/** The form's state: every measure's inputs kept, so switching the measure loses nothing. */
interface Draft {
  title: string;
  kind: ReportMeasureKind;
  eventTypes: string[];
  field: string;
  from: string;
  to: string;
  first: ReportGrouping;
  second: ReportGrouping | '';
}

function draftOf(definition: ReportDefinitionInput): Draft {
  const { measure } = definition;
  return {
    title: definition.title,
    kind: measure.kind,
    eventTypes: definition.eventTypes,
    field: measure.kind === 'sum' ? measure.field : '',
    from: measure.kind === 'duration' ? measure.from : '',
    to: measure.kind === 'duration' ? measure.to : '',
    first: definition.groupBy[0] ?? 'month',
    second: definition.groupBy[1] ?? '',
  };
}

function definitionOf(draft: Draft): ReportDefinitionInput {
  const groupBy = draft.second ? [draft.first, draft.second] : [draft.first];
  const measure =
    draft.kind === 'sum'
      ? { kind: 'sum' as const, field: draft.field }
      : draft.kind === 'duration'
        ? { kind: 'duration' as const, from: draft.from, to: draft.to }
        : { kind: 'count' as const };
  return {
    title: draft.title,
    eventTypes: draft.kind === 'duration' ? [] : draft.eventTypes,
    measure,
    groupBy,
  };
}

/** Defines a report, or edits one (`initial` given); the server's refusal names the field. */
export function ReportDefinitionDialog({
  vocabulary,
  initial,
  busy,
  error,
  onSave,
  onClose,
}: {
  vocabulary: ReportVocabulary;
  initial?: ReportDefinitionInput;
  busy: boolean;
  error: string | null;
  onSave(definition: ReportDefinitionInput): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial ?? EMPTY));
  const set = (change: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...change }));
  const types = vocabulary.eventTypes.map((t) => t.type);
  // A sum's field must be a number in every chosen type.
  const numericFields = useMemo(() => {
    const chosen = vocabulary.eventTypes.filter((t) => draft.eventTypes.includes(t.type));
    if (chosen.length === 0) return [];
    return chosen[0].numericFields.filter((f) => chosen.every((t) => t.numericFields.includes(f)));
  }, [vocabulary, draft.eventTypes]);
  const title = initial ? reportCopy.editTitle : reportCopy.defineTitle;

  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      maxWidth="sm"
      cancelLabel={reportCopy.cancel}
      action={{
        label: reportCopy.save,
        disabled: busy,
        onClick: () => onSave(definitionOf(draft)),
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>{reportCopy.defineIntro}</DialogContentText>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={reportCopy.titleLabel}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          required
        />
        <TextField
          select
          label={reportCopy.measureLabel}
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as ReportMeasureKind })}
        >
          {REPORT_MEASURE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {reportCopy.measures[kind]}
            </MenuItem>
          ))}
        </TextField>
        {draft.kind === 'duration' ? (
          <>
            <Autocomplete
              options={types}
              value={draft.from || null}
              onChange={(_, value) => set({ from: value ?? '' })}
              renderInput={(params) => <TextField {...params} label={reportCopy.fromLabel} />}
            />
            <Autocomplete
              options={types}
              value={draft.to || null}
              onChange={(_, value) => set({ to: value ?? '' })}
              renderInput={(params) => <TextField {...params} label={reportCopy.toLabel} />}
            />
          </>
        ) : (
          <Autocomplete
            multiple
            options={types}
            value={draft.eventTypes}
            onChange={(_, value) => set({ eventTypes: value })}
            renderInput={(params) => <TextField {...params} label={reportCopy.eventTypesLabel} />}
          />
        )}
        {draft.kind === 'sum' && (
          <TextField
            select
            label={reportCopy.fieldLabel}
            value={numericFields.includes(draft.field) ? draft.field : ''}
            onChange={(event) => set({ field: event.target.value })}
            helperText={
              draft.eventTypes.length > 0 && numericFields.length === 0
                ? reportCopy.noNumericField
                : undefined
            }
          >
            {numericFields.map((field) => (
              <MenuItem key={field} value={field}>
                {field}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label={reportCopy.groupByLabel}
            value={draft.first}
            onChange={(event) => {
              const first = event.target.value as ReportGrouping;
              set({ first, second: draft.second === first ? '' : draft.second });
            }}
          >
            {vocabulary.groupings.map((grouping) => (
              <MenuItem key={grouping.value} value={grouping.value}>
                {grouping.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label={reportCopy.thenByLabel}
            value={draft.second}
            onChange={(event) => set({ second: event.target.value as ReportGrouping | '' })}
          >
            <MenuItem value="">{reportCopy.noSecondGrouping}</MenuItem>
            {vocabulary.groupings
              .filter((grouping) => grouping.value !== draft.first)
              .map((grouping) => (
                <MenuItem key={grouping.value} value={grouping.value}>
                  {grouping.label}
                </MenuItem>
              ))}
          </TextField>
        </Stack>
      </Stack>
    </ActionDialog>
  );
}
