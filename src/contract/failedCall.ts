/** On the bottom floor, so the dataProvider and the authProvider read a failed call one way. */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export const requestIdOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { requestId?: unknown } } | null)?.body;
  return typeof body?.requestId === 'string' && body.requestId !== '' ? body.requestId : undefined;
};

export const errorCodeOf = (error: unknown): string | undefined => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : undefined;
};
