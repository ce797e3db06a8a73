import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link, useLocation } from 'react-router';
import { useLogout, useTranslate } from 'react-admin';
import { isCurrentPath, NAV_ITEMS } from './navItems';

export const PortalMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', py: 2 }}>
        <Typography variant="h6" component="div" noWrap>
          {translate('app.productName')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.adminPortal')}
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={translate('app.layout.navigation')} sx={{ flexGrow: 1 }}>
        <List>
          {NAV_ITEMS.map(({ key, path, Icon }) => {
            const current = isCurrentPath(pathname, path);
            return (
              // each link in its own <li>: a list holds list items only
              <ListItem key={key} disablePadding>
                <ListItemButton
                  component={Link}
                  to={path}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={translate(`app.layout.menu.${key}`)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <List>
        {/* A Logout records no page to come back to: whoever signs in next starts at the dashboard (spec 4). */}
        <ListItem disablePadding>
          <ListItemButton onClick={() => logout(undefined, undefined, false)}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={translate('app.layout.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
};
