/**
 * How text an admin or a call wrote is shown: its line breaks kept, and a word longer than the
 * line broken anywhere (one unbroken 10,000-character answer widened the Dictionary page to
 * 94,000 px). Put the text itself in a <bdi>, so right-to-left text does not reorder what
 * stands beside it.
 */
export const userTextSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: 0 } as const;
