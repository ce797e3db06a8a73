/** `\`, `%` and `_` in the request text are literal, not wildcards (PostgreSQL's default LIKE escape is `\`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
