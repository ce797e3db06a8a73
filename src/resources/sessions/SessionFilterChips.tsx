import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import { CHIP_FILTERS, type SessionFilter, type SessionFilterValues, SESSION_FILTERS, withoutFilters } from './sessionFilters';
import { useSessionChips } from './useSessionChips';

interface SessionFilterChipsProps {
  /** Where the keyboard focus goes when the last chip is removed (the search box). */
  focusAfterLast: () => void;
  /** The filters were restored from the admin's last visit: said once, and Clear all clears them all. */
  restored: boolean;
}

/**
 * The filters beyond status and search (rep, item, landmine, competitor, new inquiry, days), one chip
 * each above the table, and Clear all; restored filters are said so, once, in a live region. A chip is one button that removes its filter (click, Enter,
 * Space, Delete or Backspace), named "Remove filter …" after the text it shows; the focus then
 * moves to the chip that takes its place, or to the search box when none is left.
 */
export const SessionFilterChips = ({ focusAfterLast, restored }: SessionFilterChipsProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const chips = useSessionChips(filterValues as SessionFilterValues);
  const buttons = useRef(new Map<string, HTMLElement>());
  // The place of the chip just removed, to focus the one that takes it once the filters follow.
  const removedAt = useRef<number | null>(null);
  const ids = chips.map((chip) => chip.id).join(' ');

  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const ordered = ids === '' ? [] : ids.split(' ');
    const next = ordered[Math.min(at, ordered.length - 1)];
    if (next === undefined) focusAfterLast();
    else buttons.current.get(next)?.focus();
  }, [ids, focusAfterLast]);

  // Present before its text, so screen readers announce the text when it comes.
  const note = (
    <Typography role="status" variant="body2" color="text.secondary">
      {restored ? translate('app.sessions.restoredFilters') : ''}
    </Typography>
  );
  if (chips.length === 0 && !restored) return note;
  const remove = (names: readonly SessionFilter[], at: number) => {
    removedAt.current = at;
    setFilters(withoutFilters(filterValues, names), {});
  };
  return (
    <Stack
      role="group"
      aria-label={translate('app.sessions.insightFilters.label')}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      {note}
      {chips.map((chip, index) => {
        const onRemove = () => remove(chip.removes, index);
        return (
          <Chip
            key={chip.id}
            ref={(element: HTMLDivElement | null) => {
              if (element) buttons.current.set(chip.id, element);
              else buttons.current.delete(chip.id);
            }}
            label={chip.text}
            aria-label={translate('app.sessions.insightFilters.remove', { filter: chip.text })}
            onClick={onRemove}
            onDelete={onRemove}
            sx={{
              maxWidth: '100%',
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
        );
      })}
      <Button
        size="small"
        onClick={() => {
          removedAt.current = 0;
          const names: readonly SessionFilter[] = restored ? SESSION_FILTERS : CHIP_FILTERS;
          setFilters(withoutFilters(filterValues, names), {});
        }}
      >
        {translate('app.sessions.insightFilters.clearAll')}
      </Button>
    </Stack>
  );
};
