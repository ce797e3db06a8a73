import { useRef, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Without the clipboard API (an insecure origin, a refused permission) the text is selected for Ctrl+C. */
export const ApiKeySecret = ({ secret }: { secret: string }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'clipboard' | 'selected' | null>(null);

  const selectAll = () => {
    input.current?.focus();
    input.current?.select();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('clipboard');
    } catch {
      selectAll();
      setCopied('selected');
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{translate('app.apiKeys.dialog.secretWarning')}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          inputRef={input}
          value={secret}
          label={translate('app.apiKeys.dialog.secretLabel')}
          fullWidth
          onFocus={selectAll}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.apiKeys.dialog.copy')}
        </Button>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary">
        {copied === 'clipboard' && translate('app.apiKeys.dialog.copied')}
        {copied === 'selected' && translate('app.apiKeys.dialog.copyManually')}
      </Typography>
    </Stack>
  );
};
