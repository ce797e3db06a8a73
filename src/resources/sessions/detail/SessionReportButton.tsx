import { useCallback } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useDateLocale } from '@/i18n/dateFormat';
import { useCategoryLabel } from '@/resources/sessions/categoryLabel';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { buildSessionReport, reportFileName } from './sessionReport';

export const REPORT_TYPE = 'text/html;charset=utf-8';

/** Saves `blob` as `name` through a link the browser downloads rather than opens. */
const saveFile = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is released once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** Builds the one-file report of `session` in the admin's language and downloads it. */
export const useSessionReportDownload = (session: SessionDetail) => {
  const translate = useTranslate();
  const dateLocale = useDateLocale();
  const format = useSessionFormat();
  const categoryLabel = useCategoryLabel();
  return useCallback(() => {
    const html = buildSessionReport(session, { translate, dateLocale, format, categoryLabel, now: new Date() });
    saveFile(new Blob([html], { type: REPORT_TYPE }), reportFileName(session));
  }, [session, translate, dateLocale, format, categoryLabel]);
};

/** The session detail's "Download report" button: a real button, so Enter and Space use it too. */
export const SessionReportButton = ({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const download = useSessionReportDownload(session);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      onClick={download}
      title={translate('app.sessions.report.downloadHint')}
    >
      {translate('app.sessions.report.download')}
    </Button>
  );
};
