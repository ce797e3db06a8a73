import { useId, useState } from 'react';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';
import { ToolbarPopupButton } from './ToolbarPopupButton';
import { type ListColumnsSpec, useListColumns } from './useListColumns';

export const ColumnChooser = <C extends string>({ spec }: { spec: ListColumnsSpec<C> }) => {
  const translate = useTranslate();
  const { visible, hidden, toggle, reset } = useListColumns(spec);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label =
    hidden.length > 0
      ? translate('app.listPreferences.columns.buttonHidden', { smart_count: hidden.length })
      : translate('app.listPreferences.columns.button');
  // No badge with none hidden: its 0 would be text in the button that its name does not say.
  return (
    <>
      <ToolbarPopupButton
        label={label}
        popup="menu"
        popupId={menuId}
        open={anchor !== null}
        onOpen={(event) => setAnchor(event.currentTarget)}
      >
        {hidden.length > 0 ? (
          <Badge badgeContent={hidden.length} color="primary">
            <ViewColumnIcon />
          </Badge>
        ) : (
          <ViewColumnIcon />
        )}
      </ToolbarPopupButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('app.listPreferences.columns.menu') } }}
      >
        {spec.columns.map((column) => {
          const shown = visible.includes(column);
          const required = spec.required.includes(column);
          return (
            <MenuItem key={column} role="menuitemcheckbox" aria-checked={shown} disabled={required} onClick={() => toggle(column)}>
              <ListItemIcon>{shown ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={translate(spec.label(column))}
                secondary={required ? translate('app.listPreferences.columns.alwaysShown') : undefined}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={reset} disabled={hidden.length === 0}>
          <ListItemIcon>
            <RestartAltIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('app.listPreferences.columns.reset')} />
        </MenuItem>
      </Menu>
    </>
  );
};
