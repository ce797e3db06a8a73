import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import type { Landmine } from '../dictionaryItems/dictionaryTypes';
import { isLandmineFormValid, toLandmineBody, toLandmineForm, type LandmineBody } from './landmineForm';
import { LandmineInputs } from './LandmineInputs';

interface LandmineDialogProps {
  /** The landmine to edit; absent when adding. */
  landmine?: Landmine;
  onClose: () => void;
  onSave: (body: LandmineBody) => Promise<boolean>;
}

export const LandmineDialog = ({ landmine, onClose, onSave }: LandmineDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState(() => toLandmineForm(landmine));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    const saved = await onSave(toLandmineBody(values));
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(landmine ? 'app.dictionary.landmine.editTitle' : 'app.dictionary.landmine.addTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <LandmineInputs values={values} onChange={setValues} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dictionary.form.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!isLandmineFormValid(values) || saving}>
          {translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
