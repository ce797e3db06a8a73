import type { ReactNode } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import type { ApiKey } from '@/contract/apiKeys';
import { formatDateTime, useDateLocale } from '@/i18n/dateFormat';
import { ColumnCell } from '@/shared/ColumnCell';
import { useListColumns, VisibleColumnsContext } from '@/shared/useListColumns';
import { listColumnsOf } from '@/resources/generic/fromDeclaration';
import { API_KEY_FIELDS } from './apiKeyFields';

/** The declared list fields, then Revoke; the key's name (the first) and Revoke always stay. */
export const API_KEY_COLUMNS = listColumnsOf(API_KEY_FIELDS, { actions: 'app.apiKeys.columns.actions' });

const ApiKeyRow = ({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const revoked = apiKey.revokedAt !== null;
  return (
    // A revoked key's row is written in the secondary text colour, not faded: faded text falls under 4.5:1.
    <TableRow hover sx={revoked ? { '& td': { color: 'text.secondary' } } : undefined}>
      <ColumnCell column="name">{apiKey.name}</ColumnCell>
      <ColumnCell column="prefix">
        {/* The ellipsis says the key goes on; drawn by CSS, it is not a text to translate. */}
        <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', '&::after': { content: '"…"' } }}>
          {apiKey.prefix}
        </Typography>
      </ColumnCell>
      <ColumnCell column="scopes">
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={scope} />
          ))}
        </Box>
      </ColumnCell>
      <ColumnCell column="createdAt">
        {formatDateTime(apiKey.createdAt, locale)}
        <Typography variant="body2" color="text.secondary">
          {translate('app.apiKeys.createdBy', { who: apiKey.createdByEmail ?? apiKey.createdByUid })}
        </Typography>
      </ColumnCell>
      <ColumnCell column="lastUsedAt">
        {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, locale) : translate('app.apiKeys.never')}
      </ColumnCell>
      <ColumnCell column="revokedAt">
        {revoked ? (
          <Chip size="small" label={translate('app.apiKeys.revokedOn', { date: formatDateTime(apiKey.revokedAt ?? '', locale) })} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={translate('app.apiKeys.active')} />
        )}
      </ColumnCell>
      <ColumnCell column="actions">
        {!revoked && (
          <Button
            size="small"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => onRevoke(apiKey)}
            aria-label={translate('app.apiKeys.revoke.label', { name: apiKey.name })}
          >
            {translate('app.apiKeys.revoke.action')}
          </Button>
        )}
      </ColumnCell>
    </TableRow>
  );
};

/** The list's keys: name, shown prefix, scopes, created by and when, last used, status, and Revoke (shown once the list is read). */
export const ApiKeyTable = ({ onRevoke }: { onRevoke: (key: ApiKey) => void }) => {
  const translate = useTranslate();
  const { data: keys } = useListContext<ApiKey>();
  const { visible } = useListColumns(API_KEY_COLUMNS);
  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={visible.length} align="center">
        {content}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label={translate('app.apiKeys.title')}>
          <TableHead>
            <TableRow>
              {visible.map((column) => (
                <TableCell key={column}>{translate(API_KEY_COLUMNS.label(column))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <VisibleColumnsContext value={visible}>
            <TableBody>
              {keys === undefined && message(<CircularProgress size={24} aria-label={translate('app.apiKeys.loading')} />)}
              {keys?.length === 0 && message(translate('app.apiKeys.empty'))}
              {keys?.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={onRevoke} />
              ))}
            </TableBody>
          </VisibleColumnsContext>
        </Table>
      </TableContainer>
    </Paper>
  );
};
