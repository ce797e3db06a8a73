import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { translatedErrorText } from '@/dataProvider/errorText';
import { VersionConflictAlert } from '@/shared/VersionConflict';
import type { VersionedSettingsForm } from './useVersionedSettingsForm';

interface VersionedSettingsAlertsProps {
  settings: VersionedSettingsForm;
  /** The newer values, as the admin reads them, once Reload has fetched them. */
  theirs: string | null;
  saveFailed: string;
}

export const VersionedSettingsAlerts = ({ settings, theirs, saveFailed }: VersionedSettingsAlertsProps) => {
  const translate = useTranslate();
  const { mutation, conflict, reload, saved } = settings;
  return (
    <>
      {conflict && <VersionConflictAlert key={mutation.submittedAt} onReload={reload} theirs={theirs} />}
      {mutation.isError && !conflict && <Alert severity="error">{translatedErrorText(mutation.error, saveFailed, translate)}</Alert>}
      {saved && <Alert severity="success">{translate(saved.message)}</Alert>}
    </>
  );
};

interface VersionedSettingsSaveProps {
  settings: VersionedSettingsForm;
  /** A card whose last refresh failed keeps Save off. */
  stale: boolean;
  labels: { save: string; saving: string };
}

export const VersionedSettingsSave = ({ settings, stale, labels }: VersionedSettingsSaveProps) => {
  const translate = useTranslate();
  const { mutation, submit, form } = settings;
  return (
    <Button variant="contained" onClick={() => void submit()} disabled={!form.formState.isValid || mutation.isPending || stale}>
      {translate(mutation.isPending ? labels.saving : labels.save)}
    </Button>
  );
};
