import type { TransitionProps } from '@mui/material/transitions';
import { Confirm } from 'react-admin';

interface ConfirmDialogProps {
  /** spec 5: the spec's exact sentence, already worded. */
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Cancel takes the focus before the open animation, so Enter or a stray Space never confirms a destructive action. */
const focusCancel: TransitionProps['onEnter'] = (node) => {
  node.querySelector<HTMLButtonElement>('.MuiDialogActions-root button:not(.ra-confirm)')?.focus();
};

export const ConfirmDialog = ({
  message,
  title = 'app.dictionary.confirm.title',
  confirmLabel = 'app.dictionary.confirm.delete',
  cancelLabel = 'app.dictionary.confirm.cancel',
  loading,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) => (
  <Confirm
    isOpen
    loading={loading}
    title={title}
    content={message}
    confirm={confirmLabel}
    cancel={cancelLabel}
    confirmColor="warning"
    onClose={onCancel}
    onConfirm={onConfirm}
    slotProps={{ transition: { onEnter: focusCancel } }}
  />
);
