import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ERROR_CODES } from '@/contract/common';
import { errorCodeOf } from '@/contract/failedCall';

/** docs/api.md "Versions" */
export const isVersionConflict = (error: unknown): boolean => errorCodeOf(error) === ERROR_CODES.versionConflict;

interface VersionConflictAlertProps {
  /** Resolves false when loading the newer version failed. */
  onReload: () => Promise<boolean>;
  theirs?: string | null;
  /** A delete is asked again rather than saved. */
  reloadedMessage?: string;
}

/** The form keeps what the admin typed; the newer values appear beside it, and the next Save replaces them deliberately. */
export const VersionConflictAlert = ({ onReload, theirs, reloadedMessage = 'app.versions.reloaded' }: VersionConflictAlertProps) => {
  const translate = useTranslate();
  const [state, setState] = useState<'conflict' | 'loading' | 'reloaded' | 'failed'>('conflict');
  const reload = async () => {
    setState('loading');
    setState((await onReload()) ? 'reloaded' : 'failed');
  };
  const reloaded = state === 'reloaded';
  return (
    <Alert
      severity={reloaded ? 'info' : 'warning'}
      role="alert"
      action={
        reloaded ? undefined : (
          <Button color="inherit" size="small" onClick={() => void reload()} disabled={state === 'loading'}>
            {translate('app.versions.reload')}
          </Button>
        )
      }
    >
      {translate(reloaded ? reloadedMessage : 'app.versions.conflict')}
      {state === 'failed' && ` ${translate('app.versions.reloadFailed')}`}
      {reloaded && theirs && <div>{theirs}</div>}
    </Alert>
  );
};
