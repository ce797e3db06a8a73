/** "Name (address)", or the address alone: a rep by name, email second. */
export const repLabel = (
  translate: (key: string, options?: Record<string, unknown>) => string,
  email: string,
  name?: string | null,
): string => (name ? translate('app.sessions.repWithEmail', { name, email }) : email);
