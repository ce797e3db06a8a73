import { Suspense, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { SIDEBAR_WIDTH } from '@/config';
import { PageSpinner } from '@/shared/PageSpinner';
import { usePageLoading } from '@/shared/preloadable';
import { RootErrorBoundary } from '@/shared/RootErrorBoundary';
import { PortalAppBar } from './PortalAppBar';
import { PortalMenu } from './PortalMenu';

const paperSx = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } as const;

/** spec 2: a crashed page shows the global fallback in the content area, so the top bar and navigation stay. */
export const PortalLayout = ({ children }: { children?: ReactNode }) => {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const closeDrawer = () => setDrawerOpen(false);
  const translate = useTranslate();
  const main = useRef<HTMLElement>(null);
  const pageLoading = usePageLoading();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* the first stop of the keyboard: past the top bar and the navigation, to the page */}
      <Link
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {translate('app.layout.skipToContent')}
      </Link>
      <PortalAppBar onOpenMenu={isSmall ? () => setDrawerOpen(true) : undefined} />
      {isSmall ? (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': paperSx }}
        >
          <PortalMenu onNavigate={closeDrawer} />
        </Drawer>
      ) : (
        <Drawer variant="permanent" open sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}>
          <PortalMenu />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        ref={main}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {pageLoading && (
          <LinearProgress
            aria-label={translate('app.loadingPage')}
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
          />
        )}
        <RootErrorBoundary inLayout resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </RootErrorBoundary>
      </Box>
    </Box>
  );
};
