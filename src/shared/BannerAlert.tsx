import Alert from '@mui/material/Alert';
import type { Banner } from './useBanner';

/** spec 8: a screen's one closable banner (useBanner hides a success by itself). */
export const BannerAlert = ({ banner, onClose }: { banner: Banner | null; onClose: () => void }) =>
  banner ? (
    <Alert severity={banner.severity} onClose={onClose} sx={{ mb: 2 }}>
      {banner.message}
    </Alert>
  ) : null;
