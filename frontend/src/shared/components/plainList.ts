/** A list without bullets or indent: for lists laid out as grids, rows or cards. */
export const plainListSx = { listStyle: 'none', p: 0, m: 0 } as const;
