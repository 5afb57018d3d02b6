import { Box, CircularProgress } from '@mui/material';
import { LoadFailedAlert } from './LoadFailedAlert';

/** The part of a query that says whether its data is there yet. */
interface QueryLoad {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * What stands in place of a query's data until it is there: a spinner while it loads, or the
 * failure with a way to ask again; nothing once it has loaded.
 */
export function LoadState({
  query,
  loadingLabel,
  failedMessage,
}: {
  query: QueryLoad;
  loadingLabel: string;
  failedMessage: string;
}) {
  if (query.isLoading)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );
  if (query.isError) return <LoadFailedAlert message={failedMessage} onRetry={query.refetch} />;
  return null;
}
