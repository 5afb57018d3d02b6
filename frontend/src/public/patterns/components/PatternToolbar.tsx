import GridView from '@mui/icons-material/GridView';
import Search from '@mui/icons-material/Search';
import ViewList from '@mui/icons-material/ViewList';
import { Box, InputAdornment, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternBrowser, PatternView } from '@/public/patterns/hooks/usePatternBrowser';

/** Search field and the grid/list switch. */
export function PatternToolbar({ browser }: { browser: PatternBrowser }) {
  return (
    <Box
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <TextField
        type="search"
        value={browser.search}
        onChange={(event) => browser.setSearch(event.target.value)}
        placeholder={patternsCopy.searchPlaceholder}
        fullWidth
        slotProps={{
          htmlInput: { 'aria-label': patternsCopy.searchLabel, autoComplete: 'off', maxLength: 40 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
        sx={{ bgcolor: '#fff', maxWidth: { sm: 480 } }}
      />
      <ToggleButtonGroup
        value={browser.view}
        exclusive
        onChange={(_event, view: PatternView | null) => view && browser.setView(view)}
        aria-label={patternsCopy.viewLabel}
        sx={{ bgcolor: '#fff', ml: { sm: 'auto' } }}
      >
        <ToggleButton value="grid" aria-label={patternsCopy.gridView}>
          <GridView />
        </ToggleButton>
        <ToggleButton value="list" aria-label={patternsCopy.listView}>
          <ViewList />
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
