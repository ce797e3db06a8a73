import type { TransitionProps } from '@mui/material/transitions';
import { Confirm } from 'react-admin';

interface ConfirmDialogProps {
  /** The question, already worded (spec 5: the spec's exact sentence). */
  message: string;
  /** i18n keys; by default the dictionary's Delete confirmation. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action runs: both buttons wait. */
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Cancel takes the focus as the dialog opens (before its animation, right after react-admin's
 * Confirm has focused its confirm button), so Enter or a stray Space never confirms a
 * destructive action.
 */
const focusCancel: TransitionProps['onEnter'] = (node) => {
  node.querySelector<HTMLButtonElement>('.MuiDialogActions-root button:not(.ra-confirm)')?.focus();
};

/** A confirmation before a destructive action, on react-admin's Confirm. */
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
