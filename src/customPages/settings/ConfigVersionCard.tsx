import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { readFailure } from '@/dataProvider/queryClient';
import { formatDateTime, useDateLocale } from '@/i18n/dateFormat';
import { useConfigVersion } from '@/shared/useConfigVersion';

export const ConfigVersionCard = () => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const query = useConfigVersion();
  const { data, isFetching, refetch } = query;
  const isError = readFailure(query).failure !== null;
  // A save on this page raises the version: read it again after each one.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void refetch();
      }),
    [queryClient, refetch],
  );

  return (
    <Card>
      <CardContent>
        {data ? (
          <Typography component="h2" variant="h6" data-testid="config-version">
            {translate('app.configVersion.current', { version: data.version })}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {translate('app.configVersion.updatedAt', { date: formatDateTime(data.updatedAt, locale) })}
            </Typography>
          </Typography>
        ) : isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate('app.http.retry')}
              </Button>
            }
          >
            {translate('app.configVersion.unavailable')}
          </Alert>
        ) : (
          <Skeleton variant="text" width={240} />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.configVersion.settingsHelp')}
        </Typography>
      </CardContent>
    </Card>
  );
};
