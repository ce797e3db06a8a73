import { useEffect, useId, useRef } from 'react';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import type { PopoverActions } from '@mui/material/Popover';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';
import type { DictionaryMatch } from '@/contract/dictionaryMatch';
import { translatedErrorText } from '@/dataProvider/errorText';
import { useDictionaryMatch, usePercent } from '@/resources/dictionary/items/useDictionaryMatch';
import type { OriginalMatch } from './InquiryDialogs';

/**
 * Below this similarity an original is not offered: a new inquiry scored under the assistant's
 * threshold by definition, but one that shares a word or two with an item is no variation of it.
 * With the local embeddings, the demo's inquiries reach their related FAQs from about 40 %
 * ("Does it work with our on-premise Avaya phone system?" -> "Which calling platforms do you
 * support?", 48 %) while unrelated items stay around 20-30 %.
 */
export const CLOSEST_MIN_SCORE = 0.4;
/** At most this many originals are offered. */
export const CLOSEST_MAX = 5;

/** The objections and FAQs (never landmines) close enough to offer, best first as the API sends them. */
export const closestOriginals = (matches: readonly DictionaryMatch[] = []): OriginalMatch[] =>
  matches.filter((match): match is OriginalMatch => match.type !== 'landmine' && match.score >= CLOSEST_MIN_SCORE).slice(0, CLOSEST_MAX);

interface VariationPickerProps {
  /** The menu's id, for its button's aria-controls. */
  id: string;
  anchor: HTMLElement;
  /** The inquiry's question, compared with the dictionary (POST /api/dictionary/match). */
  text: string;
  onClose: () => void;
  onPick: (match: OriginalMatch) => void;
  onAddFaq: () => void;
}

/** "Add as variation of ...": a menu of the closest originals with their similarity; arrows and Enter pick one. */
export const VariationPicker = ({ id, anchor, text, onClose, onPick, onAddFaq }: VariationPickerProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const headingId = useId();
  const { data, isError, error, isFetching, typing } = useDictionaryMatch(text);
  const candidates = closestOriginals(data?.matches);
  const failed = translatedErrorText(error, 'app.dictionary.phraseTester.failed', translate);
  const waiting = typing || (isFetching && !data);
  const popover = useRef<PopoverActions>(null);
  // The answer arrives after the menu opened: the popover places itself only once, so it is
  // placed again for its new size and stays within the window.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-placed whenever what the menu shows changes
  useEffect(() => popover.current?.updatePosition(), [waiting, isError, candidates.length]);

  const status = waiting
    ? translate('app.dictionary.phraseTester.loading')
    : isError
      ? failed
      : candidates.length === 0
        ? translate('app.sessions.learn.noneClose')
        : null;

  return (
    <Menu
      open
      anchorEl={anchor}
      action={popover}
      onClose={onClose}
      slotProps={{ list: { id, 'aria-labelledby': headingId, 'aria-busy': waiting } }}
      data-testid="variation-picker"
    >
      <ListSubheader id={headingId} sx={{ lineHeight: 2.5 }}>
        {translate('app.sessions.learn.closest')}
      </ListSubheader>
      {status !== null && (
        <MenuItem disabled sx={{ whiteSpace: 'normal', maxWidth: 'min(420px, 100%)' }}>
          {status}
        </MenuItem>
      )}
      {!waiting && candidates.length === 0 && <MenuItem onClick={onAddFaq}>{translate('app.sessions.learn.addAsFaq')}</MenuItem>}
      {!waiting &&
        candidates.map((match, index) => (
          <MenuItem
            key={`${match.type}-${match.id}`}
            // the answer usually comes after the menu opened: the keyboard moves to the best one then
            autoFocus={index === 0}
            onClick={() => onPick(match)}
            data-testid="variation-candidate"
            sx={{ maxWidth: 'min(480px, 100%)', whiteSpace: 'normal' }}
          >
            <ListItemText
              primary={match.question}
              secondary={translate('app.sessions.learn.candidate', {
                type: translate(`app.dictionary.phraseTester.types.${match.type}`),
                percent: percent(match.score),
              })}
              slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
    </Menu>
  );
};
