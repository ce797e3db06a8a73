import type { MouseEvent, ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface ToolbarPopupButtonProps {
  label: string;
  popup: 'menu' | 'dialog';
  popupId: string;
  open: boolean;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}

/** Icons with tooltips keep the toolbars on one line. */
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
