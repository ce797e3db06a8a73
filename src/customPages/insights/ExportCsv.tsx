import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { downloadCSV, useTranslate } from 'react-admin';
import { exportFileName, exportSummary, type FlatRow, toCsv } from '@/dataProvider/csvExport';

/** How long the outcome stays (as the lists' Export). */
const MESSAGE_MS = 8_000;

interface ExportCsvProps {
  /** The file's name before its date: insights-<name>-YYYY-MM-DD.csv. */
  name: string;
  /** The section's title, to tell the page's Export buttons apart to a screen reader. */
  section: string;
  rows: () => FlatRow[];
  columns?: readonly string[];
}

/**
 * Export CSV of the rows a table shows, through the portal's CSV rules (formulas neutralised,
 * UTF-8 byte-order mark): they are all on the page already, so nothing is fetched.
 */
export const ExportCsv = ({ name, section, rows, columns }: ExportCsvProps) => {
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<{ key: string; options: Record<string, unknown> } | null>(null);
  const run = () => {
    const flat = rows();
    downloadCSV(toCsv(flat, columns), exportFileName(`insights-${name}`));
    setOutcome(exportSummary({ rows: flat, total: flat.length, capped: false }));
  };
  const label = translate('app.insights.export');
  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={run}
        aria-label={translate('app.insights.exportSection', { export: label, section })}
      >
        {label}
      </Button>
      <Snackbar open={outcome !== null} autoHideDuration={MESSAGE_MS} onClose={(_, reason) => reason !== 'clickaway' && setOutcome(null)}>
        <Alert severity="success" role="status" onClose={() => setOutcome(null)}>
          {outcome ? translate(outcome.key, outcome.options) : ''}
        </Alert>
      </Snackbar>
    </>
  );
};
