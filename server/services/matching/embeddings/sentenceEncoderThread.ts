import { parentPort } from 'node:worker_threads';
import { encodeSentences, loadSentenceModel } from './sentenceEncoderModel';

/**
 * The sentence encoder's thread (sentenceEncoder.ts starts it): `{ id, texts }` is answered
 * `{ id, vectors }` or `{ id, error }`; `{ id, texts: [] }` only loads the model.
 */
export interface EncoderRequest {
  id: number;
  texts: string[];
}
export type EncoderReply = { id: number; vectors: number[][] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('sentenceEncoderThread.ts runs as a worker thread');
port.on('message', async ({ id, texts }: EncoderRequest) => {
  try {
    await loadSentenceModel();
    const vectors = texts.length === 0 ? [] : await encodeSentences(texts);
    port.postMessage({ id, vectors } satisfies EncoderReply);
  } catch (error) {
    port.postMessage({
      id,
      error: error instanceof Error ? `${error.message}${error.cause ? `: ${String(error.cause)}` : ''}` : String(error),
    } satisfies EncoderReply);
  }
});
