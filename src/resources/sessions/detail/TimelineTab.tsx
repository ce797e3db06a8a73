import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'react-admin';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { ALL_KINDS, filterTimeline, findMatches, findMoment, type TimelineFilter, type TimelineItem, type TimelineKind } from './timeline';
import { TimelineRow } from './TimelineRow';
import { TimelineToolbar } from './TimelineToolbar';

export interface Moment {
  time: number;
  kind?: TimelineKind;
}

interface TimelineTabProps {
  items: TimelineItem[];
  start: number;
  /** The moment to open at and highlight (from the URL's t and k). */
  moment: Moment | null;
}

/**
 * The call, merged and sorted by time, virtualised so 5 000 transcripts stay smooth: only the
 * visible rows (plus a few) are in the DOM, each measured once rendered.
 */
export const TimelineTab = ({ items, start, moment }: TimelineTabProps) => {
  const translate = useTranslate();
  const [filter, setFilter] = useState<TimelineFilter>(ALL_KINDS);
  const [query, setQuery] = useState('');
  const settledQuery = useDebouncedValue(query, 150);
  const [current, setCurrent] = useState(-1);
  const rows = useMemo(() => filterTimeline(items, filter), [items, filter]);
  const matches = useMemo(() => findMatches(rows, settledQuery), [rows, settledQuery]);
  const highlightedKey = useMemo(() => {
    if (!moment) return null;
    const index = findMoment(rows, moment.time, moment.kind);
    return index >= 0 ? rows[index].key : null;
  }, [rows, moment]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 76,
    overscan: 8,
    getItemKey: (index) => rows[index].key,
    // React 19 batches the scroll updates well enough; flushSync inside a render only warns.
    useFlushSync: false,
  });

  useEffect(() => {
    setCurrent(matches.length ? 0 : -1);
  }, [matches]);
  useEffect(() => {
    if (current >= 0 && matches[current]) virtualizer.scrollToIndex(matches[current].row, { align: 'center' });
  }, [current, matches, virtualizer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the moment changes (see below)
  useEffect(() => {
    const index = highlightedKey ? rows.findIndex((row) => row.key === highlightedKey) : -1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
    // Only when the moment changes: scrolling back there on every filter change would fight the user.
  }, [highlightedKey]);

  const step = (direction: 1 | -1) => {
    if (matches.length) setCurrent((index) => (index + direction + matches.length) % matches.length);
  };
  const active = matches[current];

  return (
    <Box>
      <TimelineToolbar
        filter={filter}
        onFilterChange={setFilter}
        query={query}
        onQueryChange={setQuery}
        matchCount={matches.length}
        current={current}
        onStep={step}
      />
      <Paper variant="outlined">
        <Box
          ref={scrollRef}
          role="list"
          aria-label={translate('app.sessions.timeline.label')}
          tabIndex={0}
          sx={{ height: '65vh', minHeight: 320, overflow: 'auto', contain: 'strict' }}
        >
          {rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {translate('app.sessions.timeline.empty')}
            </Typography>
          ) : (
            <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
              {virtualizer.getVirtualItems().map((virtual) => {
                const item = rows[virtual.index];
                return (
                  <Box
                    key={virtual.key}
                    role="listitem"
                    data-index={virtual.index}
                    ref={virtualizer.measureElement}
                    sx={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
                    style={{ transform: `translateY(${virtual.start}px)` }}
                  >
                    <TimelineRow
                      item={item}
                      start={start}
                      query={settledQuery}
                      activeOccurrence={active?.row === virtual.index ? active.occurrence : undefined}
                      highlighted={item.key === highlightedKey}
                    />
                  </Box>
                );
              })}
            </Box>
          )}
        </Box>
      </Paper>
    </Box>
  );
};
