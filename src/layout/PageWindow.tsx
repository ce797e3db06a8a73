import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { pageWindow, totalPagesOf } from './pageWindowMath';

interface PageWindowProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** i18n prefix: each screen words its own count. */
  messages: string;
}

/** spec 2 (dictionary and sessions): shown only with more than one page; a sliding window of at most 5 page numbers. */
export const PageWindow = ({ page, perPage, total, onPageChange, messages }: PageWindowProps) => {
  const translate = useTranslate();
  const totalPages = totalPagesOf(total, perPage);
  if (totalPages <= 1) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);

  return (
    <Box
      component="nav"
      aria-label={translate(`${messages}.label`)}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}
    >
      <Typography variant="body2">{translate(`${messages}.showing`, { from, to, total })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          {translate(`${messages}.previous`)}
        </Button>
        {pageWindow(page, totalPages).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'outlined'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={translate(`${messages}.page`, { page: number })}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        ))}
        <Button size="small" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          {translate(`${messages}.next`)}
        </Button>
      </Box>
    </Box>
  );
};
