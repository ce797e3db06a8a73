/**
 * The one ILIKE pattern every search uses (users, sessions, audit log, dictionary, landmines):
 * a substring match where `\`, `%` and `_` in the request text are literal, not wildcards
 * (PostgreSQL's default LIKE escape character is `\`).
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
