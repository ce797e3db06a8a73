import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useCategoryLabel } from '@/resources/sessions/categoryLabel';
import type { Detection } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';

const BULLET = /^\s*(?:[-*•●▪]|\d+[.)])\s+/;

/** An answer's lines as text lines, bullets shown as "•" (spec 3: multi-line, bullets allowed; never HTML). */
export const AnswerLines = ({ answer }: { answer: string }) => (
  <Box sx={{ mt: 0.5 }}>
    {answer
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line, index) => {
        const bullet = BULLET.test(line);
        return (
          <Typography key={index} variant="body2" color="text.secondary" sx={bullet ? { pl: 2, textIndent: '-0.9em' } : undefined}>
            {bullet ? `• ${line.replace(BULLET, '')}` : line}
          </Typography>
        );
      })}
  </Box>
);

/** A detected objection, FAQ or new inquiry: category, relevance (0 decimals, spec 9), question, answer. */
export const DetectionBody = ({ detection }: { detection: Detection }) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const categoryLabel = useCategoryLabel();
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={categoryLabel(detection.category)} title={detection.category} />
        <Typography variant="caption" color="text.secondary">
          {translate('app.sessions.timeline.relevance', { value: format.relevance(detection.relevance_score) })}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {detection.question}
      </Typography>
      {detection.answer ? <AnswerLines answer={detection.answer} /> : null}
    </Box>
  );
};
