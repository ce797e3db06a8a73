export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A JSON POST to `{baseUrl}{path}` of an OpenAI-compatible API, with the bearer key and a
 * time-out (default 30 s) joined to the caller's abort signal. Network failures reject as
 * fetch does; status codes are the caller's to judge.
 */
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
