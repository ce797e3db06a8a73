import { memo } from 'react';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { DETECTION_CATEGORIES } from '@/contract/sessions';
import { formatOffset } from '@/resources/sessions/formatDuration';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { useSeriesPalette } from './chartColors';
import { alertWording } from './chartSeries';
import { CompetitorNote } from './CompetitorNote';
import { DetectionBody } from './DetectionBody';
import { DetectionLabels } from './DetectionLabels';
import { HighlightedText } from './HighlightedText';
import { LandmineNote } from './LandmineNote';
import { NewInquiryActions } from './NewInquiryActions';
import { SpeakerAvatar } from './SpeakerAvatar';
import { UtteranceLabels } from './UtteranceLabels';
import type { TimelineItem } from './timeline';

const KIND_ICONS = {
  objection: ReportProblemOutlinedIcon,
  faq: HelpOutlineIcon,
  inquiry: LightbulbOutlinedIcon,
  alert: SpeedIcon,
  landmine: GppMaybeOutlinedIcon,
  competitor: StorefrontOutlinedIcon,
} as const;

interface TimelineRowProps {
  item: TimelineItem;
  /** ms of the session start, for "m:ss into the call". */
  start: number;
  query: string;
  activeOccurrence?: number;
  highlighted: boolean;
}

/** One moment of the call: who said what, or what was detected or alerted then. */
export const TimelineRow = memo(({ item, start, query, activeOccurrence, highlighted }: TimelineRowProps) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const palette = useSeriesPalette();
  const offset = Number.isNaN(item.time) || Number.isNaN(start) ? '' : formatOffset((item.time - start) / 1000);
  const isTranscript = item.kind === 'transcript';
  const landmines = item.kind === 'transcript' ? (item.landmines ?? []) : item.kind === 'landmine' ? [item.hit] : [];
  const kindColor =
    item.kind === 'alert' || item.kind === 'landmine' || item.kind === 'competitor'
      ? { alert: palette.limit, landmine: palette.landmine, competitor: palette.competitor }[item.kind]
      : isTranscript
        ? null
        : palette.kinds[item.kind];
  const style = kindColor ? { Icon: KIND_ICONS[item.kind as keyof typeof KIND_ICONS], color: kindColor } : null;
  const edge = landmines.length ? palette.landmine : style?.color;
  const label = isTranscript
    ? translate(`app.sessions.speakers.${item.speaker}`, { _: item.speaker })
    : translate(`app.sessions.kind.${item.kind}`);

  return (
    <Box
      data-highlighted={highlighted || undefined}
      sx={{
        display: 'flex',
        gap: 1.5,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: highlighted ? 'primary.main' : (edge ?? 'transparent'),
        bgcolor: highlighted ? 'action.selected' : edge ? 'action.hover' : undefined,
      }}
    >
      {isTranscript ? (
        <SpeakerAvatar speaker={item.speaker} />
      ) : (
        <Avatar aria-hidden sx={{ width: 32, height: 32, bgcolor: 'transparent', color: style?.color }}>
          {style && <style.Icon fontSize="small" />}
        </Avatar>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="subtitle2" component="span" sx={{ color: isTranscript ? undefined : style?.color }}>
            {label}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={item.timestamp} title={item.timestamp}>
            {offset}
          </Typography>
          {isTranscript && landmines.length > 0 && (
            <Typography
              variant="caption"
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: palette.landmine, fontWeight: 600 }}
            >
              <GppMaybeOutlinedIcon aria-hidden fontSize="inherit" />
              {translate('app.sessions.kind.landmine')}
            </Typography>
          )}
        </Box>
        {item.kind === 'transcript' && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <HighlightedText text={item.text} query={query} active={activeOccurrence} />
          </Typography>
        )}
        {(item.kind === 'objection' || item.kind === 'faq' || item.kind === 'inquiry') && (
          <>
            <DetectionBody detection={item.detection} />
            {item.kind !== 'inquiry' && item.detection.itemId && item.utterance && (
              <DetectionLabels
                utterance={item.utterance}
                item={{ type: item.kind, id: item.detection.itemId, name: item.detection.question }}
              />
            )}
            {/* learn from calls: only what the assistant could not answer becomes an FAQ or a variation */}
            {item.detection.category === DETECTION_CATEGORIES.newInquiry && <NewInquiryActions detection={item.detection} />}
          </>
        )}
        {landmines.map((hit, index) => (
          <Box key={index}>
            <LandmineNote hit={hit} color={palette.landmine} />
            {item.kind === 'transcript' && hit.landmineId && (
              <DetectionLabels
                utterance={{ speaker: item.speaker, text: item.text }}
                item={{ type: 'landmine', id: hit.landmineId, name: hit.trigger }}
              />
            )}
          </Box>
        ))}
        {item.kind === 'transcript' && <UtteranceLabels utterance={{ speaker: item.speaker, text: item.text }} />}
        {item.kind === 'competitor' && <CompetitorNote mention={item.mention} />}
        {item.kind === 'alert' && (
          <Typography variant="body2">{translate('app.sessions.timeline.alert', alertWording(item.alert, format.number))}</Typography>
        )}
      </Box>
    </Box>
  );
});
