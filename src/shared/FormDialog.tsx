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
  submitLabel: string;
  cancelLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Enter does nothing while the save runs. */
  pending: boolean;
  /** Shown inside the dialog: a page banner would sit behind the backdrop (spec 8). */
  error: string | null;
  errorAction?: ReactNode;
  onDismissError: () => void;
  onClose: () => void;
  canSubmit?: boolean | ((values: FieldValues) => boolean);
  /** Focuses Cancel, so Enter does not confirm, and colours the submit as every destructive confirmation. */
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

/** The portal's one dialog frame for a form; inside CreateBase or EditBase it saves through their save unless `onSubmit` is given. */
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
      // display: contents keeps the title and actions put while the content scrolls
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
