import Stack from '@mui/material/Stack';
import { SessionLandmineFilter } from './SessionLandmineFilter';
import { SessionRepFilter } from './SessionRepFilter';

/** The list's filters beyond the spec's status: a rep by name and landmines. */
export const SessionFilterBar = ({ onRepChosen }: { onRepChosen: (email: string | null) => void }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
    <SessionRepFilter onChosen={onRepChosen} />
    <SessionLandmineFilter />
  </Stack>
);
