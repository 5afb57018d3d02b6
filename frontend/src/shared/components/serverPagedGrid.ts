import type { DataGridProps } from '@mui/x-data-grid';

/**
 * How an admin list pages through the server's answer: one fixed page size, no client-side
 * filters or column menus, and rows that grow the page instead of scrolling inside the grid.
 */
export function serverPagedGridProps(
  page: number,
  pageSize: number,
  onPageChange: (page: number) => void,
) {
  return {
    paginationMode: 'server',
    paginationModel: { page, pageSize },
    onPaginationModelChange: (model) => onPageChange(model.page),
    pageSizeOptions: [pageSize],
    disableColumnFilter: true,
    disableColumnMenu: true,
    disableRowSelectionOnClick: true,
    autoHeight: true,
  } satisfies Partial<DataGridProps>;
}
