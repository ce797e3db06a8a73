import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import type { Banner } from './userTypes';

const SUCCESS_VISIBLE_MS = 3_000;

/** spec 8: the outcome of the last action as text; closable, and a success vanishes after a few seconds. */
export const UserBanner = ({ banner, onClose }: { banner: Banner | null; onClose: () => void }) => {
  useEffect(() => {
    if (banner?.severity !== 'success') return;
    const timer = setTimeout(onClose, SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [banner, onClose]);
  if (!banner) return null;
  return (
    <Alert severity={banner.severity} onClose={onClose} sx={{ mb: 2 }}>
      {banner.text}
    </Alert>
  );
};
