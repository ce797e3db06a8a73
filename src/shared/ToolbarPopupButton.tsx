import type { MouseEvent, ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface ToolbarPopupButtonProps {
  label: string;
  /** What it opens: a menu (Columns) or a panel (Saved queries). */
  popup: 'menu' | 'dialog';
  /** The popup's id, and whether it is open. */
  popupId: string;
  open: boolean;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}

/** A list toolbar's icon button that opens a popup: icons with tooltips keep the toolbars on one line. */
export const ToolbarPopupButton = ({ label, popup, popupId, open, onOpen, children }: ToolbarPopupButtonProps) => (
  <Tooltip title={label}>
    <IconButton
      color="primary"
      aria-label={label}
      aria-haspopup={popup}
      aria-controls={open ? popupId : undefined}
      aria-expanded={open ? 'true' : undefined}
      onClick={onOpen}
      sx={{ alignSelf: 'center' }}
    >
      {children}
    </IconButton>
  </Tooltip>
);
