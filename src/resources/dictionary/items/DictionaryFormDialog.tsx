import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

interface DictionaryFormDialogProps {
  title: string;
  maxWidth: 'sm' | 'md';
  /** The failed save's text, shown inside the dialog: a page banner would sit behind the backdrop. */
  error: string | null;
  onDismissError: () => void;
  canSave: boolean;
  saving: boolean;
  saveLabelKey?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The frame of the dictionary and landmine dialogs: a form, its error on top, Cancel and Save (spec 5, 8). */
export const DictionaryFormDialog = ({
  title,
  maxWidth,
  error,
  onDismissError,
  canSave,
  saving,
  saveLabelKey = 'app.dictionary.form.save',
  onClose,
  onSubmit,
  children,
}: DictionaryFormDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth}>
      {/* display: contents keeps the dialog's own layout: the title and actions stay put while the content scrolls */}
      <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {error && (
            <Alert severity="error" onClose={onDismissError}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.dictionary.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canSave || saving}>
            {translate(saving ? 'app.dictionary.form.saving' : saveLabelKey)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
