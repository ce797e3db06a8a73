import type { Emotion, SentimentSummary, SessionStatistics, SessionStatus, Speaker } from '../../../src/contract/sessions';

import type { CallSpeechAlert, CallTranscript } from '../../services/callAnalysis';

export type GeneratedTranscript = CallTranscript;
export type DetectionKind = 'objection' | 'faq' | 'new_inquiry';
export interface GeneratedDetection {
  t: number;
  kind: DetectionKind;
  category: string;
  relevanceScore: number;
  question: string;
  answer: string | null;
}
export interface GeneratedSentiment {
  t: number;
  speaker: Speaker;
  emotion: Emotion;
  confidence: number;
  transcript: string;
}
export type GeneratedAlert = CallSpeechAlert;
export interface GeneratedLandmineHit {
  t: number;
  trigger: string;
}

export interface GeneratedDetail {
  transcripts: GeneratedTranscript[];
  detections: GeneratedDetection[];
  sentiment: GeneratedSentiment[];
  sentimentSummary: SentimentSummary;
  alerts: GeneratedAlert[];
  averageWordsPerMinute: number;
  landmines: GeneratedLandmineHit[];
}

/** Times (`t`, `startTime`) are epoch milliseconds. */
export interface GeneratedSession {
  id: string;
  sessionId: string;
  sessionName: string;
  userEmail: string;
  roomName: string | null;
  startTime: number;
  duration: number;
  status: SessionStatus;
  statistics: SessionStatistics;
  detail: GeneratedDetail | null;
}

export interface GenerateOptions {
  seed: number;
  /** In-progress calls end about now. */
  now: number;
  detail?: boolean;
  /** For benchmarks. */
  transcripts?: number;
}
