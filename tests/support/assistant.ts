import type { ApiKeyScope } from '../../src/contract/apiKeys';
import type { TestApp } from './apiApp';
import { bearer } from './identity';

/** A service key made the way an admin makes one: POST /api/admin/api-keys. */
export const createKey = async (
  t: TestApp,
  adminHeaders: Record<string, string>,
  scopes: ApiKeyScope[] = ['config:read', 'sessions:write'],
  name = 'assistant',
): Promise<{ id: string; key: string; headers: Record<string, string> }> => {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: adminHeaders, payload: { name, scopes } });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  const { id, key } = response.json().data as { id: string; key: string };
  return { id, key, headers: bearer(key) };
};

let counter = 0;

/** A session-create body with a unique sessionId. */
export const sessionBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    sessionId: `live-${Date.now().toString(36)}-${counter}`,
    sessionName: 'Discovery call with Acme',
    userEmail: 'rep@test.salescoach.test',
    startTime: '2026-03-02T10:00:00.000Z',
    metadata: { roomName: 'Room A' },
    configVersion: 1,
    ...overrides,
  };
};

/** ISO time `seconds` after the default session start. */
export const at = (seconds: number) => new Date(Date.parse('2026-03-02T10:00:00.000Z') + seconds * 1000).toISOString();

export const transcript = (seq: number, seconds: number, speaker: 'customer' | 'salesperson', text: string) => ({
  seq,
  type: 'transcript',
  timestamp: at(seconds),
  speaker,
  text,
});

export const detection = (seq: number, seconds: number, category: string, question = 'Is it too expensive?') => ({
  seq,
  type: 'detection',
  timestamp: at(seconds),
  category,
  relevance_score: 0.9,
  question,
  answer: 'It pays for itself.',
});

export const sentiment = (seq: number, seconds: number, speaker: 'customer' | 'salesperson', emotion: string, confidence: number) => ({
  seq,
  type: 'sentiment',
  timestamp: at(seconds),
  speaker,
  dominant_emotion: emotion,
  confidence,
  transcript: 'text',
});

export const speechAlert = (seq: number, seconds: number) => ({
  seq,
  type: 'speech_alert',
  timestamp: at(seconds),
  words_per_minute: 320,
  total_words: 160,
  time_window: 30,
  max_words: 150,
});
