import { type ReactNode, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FieldValues, useWatch } from 'react-hook-form';
import { Form, type FormProps, useTranslate } from 'react-admin';

export interface FormDialogProps extends Pick<FormProps, 'record' | 'defaultValues' | 'resolver' | 'onSubmit' | 'mode'> {
  title: string;
  /** The submit button's words, already translated. */
  submitLabel: string;
  /** i18n key of the Cancel button. */
  cancelLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The save runs: the submit button waits (and Enter does nothing). */
  pending: boolean;
  /** The failed save's text, shown inside the dialog: a page banner would sit behind the backdrop (spec 8). */
  error: string | null;
  /** A way out the error offers (e.g. replacing an account), shown under its text. */
  errorAction?: ReactNode;
  onDismissError: () => void;
  onClose: () => void;
  /** Save stays off until the form can be sent; a function reads the form's current values. */
  canSubmit?: boolean | ((values: FieldValues) => boolean);
  /**
   * A destructive dialog: it focuses Cancel, so Enter does not confirm it, and its submit is in
   * the palette's error colour, as every other destructive confirmation (ConfirmDialog's too).
   */
  focusCancel?: boolean;
  children: ReactNode;
}

interface SubmitButtonProps {
  label: string;
  pending: boolean;
  canSubmit: FormDialogProps['canSubmit'];
  destructive: boolean;
}

const SubmitButton = ({ label, pending, canSubmit, destructive }: SubmitButtonProps) => {
  const values = useWatch();
  const enabled = typeof canSubmit === 'function' ? canSubmit(values) : (canSubmit ?? true);
  return (
    <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={!enabled || pending}>
      {label}
    </Button>
  );
};

/**
 * The portal's one dialog frame for a form: react-admin's Form (react-hook-form; a zod schema
 * through `resolver`), the title, the failure on top, Cancel and submit. Inside CreateBase or
 * EditBase it saves through their save unless `onSubmit` is given (custom methods: the key's
 * secret, reset password). Escape or Cancel closes; Enter submits.
 */
export const FormDialog = ({
  title,
  submitLabel,
  cancelLabel = 'ra.action.cancel',
  maxWidth = 'sm',
  pending,
  error,
  errorAction,
  onDismissError,
  onClose,
  canSubmit,
  focusCancel = false,
  children,
  ...formProps
}: FormDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      // display: contents keeps the dialog's own layout: the title and actions stay put while the content scrolls
      slotProps={{ paper: { sx: { '& > form': { display: 'contents' } } } }}
    >
      <Form noValidate disableInvalidFormNotification {...formProps}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {error && (
            <Alert severity="error" onClose={onDismissError}>
              {error}
              {errorAction && <Box sx={{ mt: 1 }}>{errorAction}</Box>}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus={focusCancel}>
            {translate(cancelLabel)}
          </Button>
          <SubmitButton label={submitLabel} pending={pending} canSubmit={canSubmit} destructive={focusCancel} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
