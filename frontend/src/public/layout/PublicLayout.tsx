import { Box } from '@mui/material';
import { Outlet } from 'react-router-dom';

/** Shared frame of the Finnish pages: header, page, footer. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
