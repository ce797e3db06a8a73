import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashedBagOfWords } from '../../server/services/matching/embeddings/local';

export type StandInMode = 'ok' | 'malformed' | 'error' | 'fenced' | 'prose';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface LlmStandIn {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  embeddingsMode: StandInMode;
  chatMode: StandInMode;
  /** What the chat endpoint answers in 'ok' mode (a JSON array in the message content). */
  chatVariations: unknown[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * A small local HTTP server that speaks the OpenAI-compatible `/v1/embeddings` and
 * `/v1/chat/completions` endpoints, for testing the clients without a network. Modes:
 * ok (well-formed), malformed (wrong shape), error (HTTP 500), fenced/prose (chat content
 * wrapped in a ``` fence or in prose).
 */
export const startLlmStandIn = async (): Promise<LlmStandIn> => {
  const state = {
    requests: [] as RecordedRequest[],
    embeddingsMode: 'ok' as StandInMode,
    chatMode: 'ok' as StandInMode,
    chatVariations: [
      'What if the price is too steep for us?',
      'Honestly, the cost is more than we planned.',
      'We feel the pricing is high.',
    ] as unknown[],
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    state.requests.push({ path, authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (request.method === 'POST' && path === '/v1/embeddings') {
      const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
      if (state.embeddingsMode === 'error') return send(500, { error: { message: 'stand-in failure' } });
      if (state.embeddingsMode === 'malformed') return send(200, { data: [{ embedding: 'not-a-vector' }] });
      return send(200, {
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: hashedBagOfWords(text, 8) })).reverse(),
      });
    }
    if (request.method === 'POST' && path === '/v1/chat/completions') {
      if (state.chatMode === 'error') return send(503, { error: { message: 'overloaded' } });
      if (state.chatMode === 'malformed') return send(200, { choices: [{ message: { content: 'Sorry, I cannot help with that.' } }] });
      const list = JSON.stringify(state.chatVariations);
      const content =
        state.chatMode === 'fenced'
          ? `\`\`\`json\n${list}\n\`\`\``
          : state.chatMode === 'prose'
            ? `Here you go: ${list} Hope this helps.`
            : list;
      return send(200, {
        id: 'chatcmpl-standin',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      });
    }
    return send(404, { error: { message: 'not found' } });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  });
};
