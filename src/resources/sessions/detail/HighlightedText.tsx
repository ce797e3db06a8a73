import { memo } from 'react';
import { splitMatches } from './timeline';

interface HighlightedTextProps {
  text: string;
  query: string;
  /** The occurrence to mark as the current match, if it is in this text. */
  active?: number;
}

/** The text with each match wrapped in <mark>; text only, never HTML (docs/architecture.md). */
export const HighlightedText = memo(({ text, query, active }: HighlightedTextProps) => {
  let occurrence = -1;
  return (
    <>
      {splitMatches(text, query).map((part, index) => {
        if (!part.match) return <span key={index}>{part.text}</span>;
        occurrence += 1;
        const current = occurrence === active;
        return (
          <mark key={index} data-current={current || undefined} style={current ? { background: '#ff9800', color: '#000' } : undefined}>
            {part.text}
          </mark>
        );
      })}
    </>
  );
});
