import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** spec 4 */
export const EmbeddingBadge = ({ pending }: { pending: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={pending ? 'warning' : 'success'}
      label={translate(pending ? 'app.dictionary.row.pending' : 'app.dictionary.row.ready')}
    />
  );
};
