export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Status codes are the caller's to judge; the time-out joins the caller's abort signal. */
export const createOpenAiCompatiblePost = (options: OpenAiCompatibleOptions, path: string) => {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}`;
  const doFetch = options.fetch ?? fetch;
  return (body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    return doFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  };
};
