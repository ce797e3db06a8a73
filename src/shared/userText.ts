/** One unbroken 10,000-character answer widened the Dictionary page to 94,000 px; put the text in a <bdi> too. */
export const userTextSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: 0 } as const;
