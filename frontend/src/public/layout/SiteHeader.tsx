import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { Box, Button, Container } from '@mui/material';
import type { ReactElement } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { accentButtonSx } from '@/shared/components/accent';
import { layoutCopy } from './copy';

const NAV_ICONS: Record<string, ReactElement> = {
  [routes.home]: <HomeOutlined fontSize="small" />,
  [routes.visualizer]: <AutoAwesomeOutlined fontSize="small" />,
  [routes.patterns]: <CollectionsOutlined fontSize="small" />,
  [routes.contact]: <MailOutline fontSize="small" />,
};

/** Labels show from the md breakpoint up; below it the menu is icons with accessible names. */
const labelSx = { display: { xs: 'none', md: 'inline' } } as const;

export function SiteHeader() {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'rgba(250, 248, 245, 0.94)',
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container
        sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, md: 2 }, minHeight: 64 }}
      >
        <Box
          component={RouterLink}
          to={routes.home}
          aria-label={layoutCopy.homeAria}
          sx={{
            fontWeight: 800,
            fontSize: { xs: 18, md: 22 },
            color: 'primary.main',
            textDecoration: 'none',
            mr: 'auto',
            letterSpacing: '-0.02em',
          }}
        >
          {layoutCopy.brand}
        </Box>
        <Box
          component="nav"
          aria-label={layoutCopy.navAria}
          sx={{ display: 'flex', gap: { xs: 0, md: 0.5 } }}
        >
          {layoutCopy.nav.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              end
              aria-label={item.label}
              title={item.label}
              startIcon={NAV_ICONS[item.to]}
              color="inherit"
              sx={{
                color: 'text.primary',
                minWidth: { xs: 40, md: 64 },
                px: { xs: 1, md: 1.5 },
                '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
                '&.active': { color: 'primary.main', bgcolor: 'rgba(31, 58, 95, 0.08)' },
              }}
            >
              <Box component="span" sx={labelSx}>
                {item.label}
              </Box>
            </Button>
          ))}
        </Box>
        <Button
          component={RouterLink}
          to={routes.quote}
          variant="contained"
          aria-label={layoutCopy.quoteButton}
          startIcon={<CalculateOutlined fontSize="small" />}
          sx={{
            ...accentButtonSx,
            minWidth: { xs: 40, md: 64 },
            px: { xs: 1.25, md: 2 },
            '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
          }}
        >
          <Box component="span" sx={labelSx}>
            {layoutCopy.quoteButton}
          </Box>
        </Button>
      </Container>
    </Box>
  );
}
