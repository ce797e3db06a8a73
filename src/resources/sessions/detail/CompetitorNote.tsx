import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { CompetitorMention } from '@/resources/sessions/sessionTypes';
import { PATHS } from '@/shared/paths';

/** The competitor the customer named, as said, and the battlecard the assistant showed for it. */
export const CompetitorNote = ({ mention }: { mention: CompetitorMention }) => {
  const translate = useTranslate();
  return (
    <Box>
      {mention.battlecardId && mention.battlecardName !== null ? (
        <Typography variant="body2">
          {translate('app.sessions.competitor.battlecard')}{' '}
          <Link
            component={RouterLink}
            to={`${PATHS.battlecards}/${encodeURIComponent(mention.battlecardId)}/show`}
            sx={{ fontWeight: 600 }}
          >
            {mention.battlecardName}
          </Link>
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.sessions.competitor.deleted')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.sessions.competitor.said', { name: mention.name })}
      </Typography>
    </Box>
  );
};
