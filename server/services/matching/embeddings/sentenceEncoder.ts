import type { Worker } from 'node:worker_threads';
import { startModuleThread } from '../../workerThread';
import { EmbeddingError, type EmbeddingProvider } from './provider';
import { SENTENCE_ENCODER_MODEL } from './sentenceEncoderModel';
import type { EncoderReply, EncoderRequest } from './sentenceEncoderThread';

export { ENCODER_WEIGHT, SENTENCE_ENCODER_DIMENSIONS, SENTENCE_ENCODER_MODEL } from './sentenceEncoderModel';

/** Texts per request to the thread: larger batches are barely faster per text and grow the WebAssembly heap, which never shrinks. */
const BATCH = 8;

/**
 * How long the encoder's thread stays after its last request. Its model and WebAssembly heap
 * (some 90 to 140 MiB) go with it; the next request starts it again in about half a second.
 */
export const ENCODER_IDLE_MS = 60_000;

export interface SentenceEncoderProvider extends EmbeddingProvider {
  /** Loads the model in its thread; server.ts calls it at start so the first request does not wait for it. */
  warm(): Promise<void>;
  /** Whether the thread is running now (it stops after ENCODER_IDLE_MS without a request). */
  readonly running: boolean;
}

const startThread = () => startModuleThread(new URL('./sentenceEncoderThread.ts', import.meta.url));

/**
 * The default provider: the sentence encoder (sentenceEncoderModel.ts) in a worker thread of its
 * own, so encoding never holds the server's requests up, and its memory is given back once it has
 * had nothing to do for `idleMs`. A thread that fails or exits fails the requests it held; the
 * next request starts a new one.
 */
export const createSentenceEncoderProvider = ({ idleMs = ENCODER_IDLE_MS } = {}): SentenceEncoderProvider => {
  type Waiting = Map<number, { resolve: (vectors: number[][]) => void; reject: (error: Error) => void }>;
  let current: { thread: Worker; waiting: Waiting } | null = null;
  let nextId = 0;
  let idle: NodeJS.Timeout | null = null;

  const stop = () => {
    const stopping = current;
    current = null;
    void stopping?.thread.terminate();
  };

  const start = () => {
    const thread = startThread();
    const waiting: Waiting = new Map();
    // A thread's end fails the requests it held, never those of the thread after it.
    const fail = (error: Error) => {
      if (current?.thread === thread) current = null;
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    thread.on('message', ({ id, ...reply }: EncoderReply) => {
      const request = waiting.get(id);
      if (!request) return;
      waiting.delete(id);
      if ('error' in reply) request.reject(new EmbeddingError(`The sentence model failed: ${reply.error}`));
      else request.resolve(reply.vectors);
      if (waiting.size === 0 && current?.thread === thread) {
        // Nothing asked of it: it keeps no process alive, and stops after idleMs.
        thread.unref();
        idle = setTimeout(stop, idleMs);
        idle.unref();
      }
    });
    thread.on('error', (error) => fail(new EmbeddingError('The sentence model could not be loaded', { cause: error })));
    thread.on('exit', (code) => fail(new EmbeddingError(`The sentence model's thread stopped (exit code ${code})`)));
    return { thread, waiting };
  };

  const ask = (texts: string[]) =>
    new Promise<number[][]>((resolve, reject) => {
      if (idle) clearTimeout(idle);
      idle = null;
      current ??= start();
      current.thread.ref();
      const id = ++nextId;
      current.waiting.set(id, { resolve, reject });
      current.thread.postMessage({ id, texts } satisfies EncoderRequest);
    });

  return {
    model: SENTENCE_ENCODER_MODEL,
    get running() {
      return current !== null;
    },
    warm: async () => {
      await ask([]);
    },
    embed: async (texts, signal) => {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += BATCH) {
        if (signal?.aborted) throw new EmbeddingError('Embedding was cancelled');
        vectors.push(...(await ask(texts.slice(start, start + BATCH))));
      }
      return vectors;
    },
  };
};
