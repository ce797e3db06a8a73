import { useEffect } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useLocation } from 'react-router';
import { LocalesMenuButton, ToggleThemeButton, useLocaleState, useTranslate } from 'react-admin';
import { useAuthUser } from '@/authProvider';
import { SIDEBAR_WIDTH } from '@/config';
import { pageTitleKey } from './navItems';

interface PortalAppBarProps {
  onOpenMenu?: () => void;
}

/** spec 2 */
export const PortalAppBar = ({ onOpenMenu }: PortalAppBarProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Screen readers pronounce the page in the chosen language.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const { pathname } = useLocation();
  const title = translate(pageTitleKey(pathname));
  // The window's title names the screen too: tabs, history and screen readers tell pages apart.
  const productName = translate('app.productName');
  useEffect(() => {
    document.title = `${title} - ${productName}`;
  }, [title, productName]);
  const { user } = useAuthUser();
  const email = user?.email ?? '';

  return (
    <AppBar position="fixed" sx={{ width: { sm: `calc(100% - ${SIDEBAR_WIDTH}px)` }, ml: { sm: `${SIDEBAR_WIDTH}px` } }}>
      <Toolbar>
        {onOpenMenu && (
          <IconButton color="inherit" edge="start" onClick={onOpenMenu} aria-label={translate('app.layout.openMenu')} sx={{ mr: 2 }}>
            <MenuIcon />
          </IconButton>
        )}
        {/* the page's one <h1>: pages head their own content with <h2> */}
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LocalesMenuButton />
          <ToggleThemeButton />
          <Typography variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
            {email || translate('app.layout.guest')}
          </Typography>
          {/* an image named by the email: a plain box may not carry a name */}
          <Avatar role="img" sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }} aria-label={email || translate('app.layout.guest')}>
            {email ? email.charAt(0).toUpperCase() : '?'}
          </Avatar>
        </Box>
      </Toolbar>
    </AppBar>
  );
};
