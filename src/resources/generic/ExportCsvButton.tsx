import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useTranslate } from 'react-admin';
import { useCsvExport, type CsvExportOptions } from './useCsvExport';

/** How long the closing message stays (pick). */
const MESSAGE_MS = 8_000;

interface ExportCsvButtonProps extends CsvExportOptions {
  disabled?: boolean;
  variant?: 'text' | 'outlined' | 'contained';
}

/**
 * Export: a CSV of every row matching the list's filters (not just the page), with
 * "Exported N of M rows…" while it runs and the outcome when it ends.
 */
export const ExportCsvButton = ({ disabled, variant = 'text', ...options }: ExportCsvButtonProps) => {
  const translate = useTranslate();
  const { run, state, running, dismiss } = useCsvExport(options);
  return (
    <>
      <Button variant={variant} startIcon={<DownloadIcon />} onClick={() => void run()} disabled={disabled || running}>
        {translate('ra.action.export')}
      </Button>
      <Snackbar
        open={state !== null}
        autoHideDuration={running ? null : MESSAGE_MS}
        onClose={(_, reason) => reason !== 'clickaway' && dismiss()}
      >
        {state?.kind === 'running' ? (
          <Alert severity="info" role="status" sx={{ minWidth: 280 }}>
            {translate('app.export.progress', { exported: state.exported, total: state.total })}
            <LinearProgress
              aria-label={translate('app.export.progress', { exported: state.exported, total: state.total })}
              variant={state.total ? 'determinate' : 'indeterminate'}
              value={state.total ? (100 * state.exported) / state.total : 0}
              sx={{ mt: 1 }}
            />
          </Alert>
        ) : (
          <Alert severity={state?.severity ?? 'success'} role="status" onClose={dismiss}>
            {state ? translate(state.key, state.options) : ''}
          </Alert>
        )}
      </Snackbar>
    </>
  );
};
