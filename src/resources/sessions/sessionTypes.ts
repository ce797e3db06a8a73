import type { RaRecord } from 'react-admin';
import type {
  CompetitorMention,
  Detection,
  LandmineHit,
  SessionStatistics,
  SessionStatus,
  Speaker,
  SpeechRateAlert,
  Transcript,
} from '@/contract/sessions';

export { SESSION_STATUSES } from '@/contract/sessions';
export type { CompetitorMention, Detection, LandmineHit, SessionStatistics, SessionStatus, Speaker, SpeechRateAlert, Transcript };

/** Display order of the two sides (the coached salesperson first). */
export const SPEAKERS: readonly Speaker[] = ['salesperson', 'customer'];

// The portal reads the wire shapes of src/contract/sessions.ts leniently: an analysis that is
// missing or partial, or an emotion it does not know, still renders what is there.
export interface SessionSummary {
  _id?: string;
  sessionId: string;
  sessionName: string;
  userEmail: string;
  /** The rep's name from Users; null or missing when Users has none for the address. */
  userName?: string | null;
  startTime: string;
  duration: number;
  status: SessionStatus;
  metadata?: { roomName?: string | null } | null;
  statistics: SessionStatistics;
  /** Landmine hits in the call. */
  landmineCount?: number;
  /** The configuration version the call ran with; null for calls recorded before versions existed. */
  configVersion?: number | null;
}

export interface SentimentEntry {
  timestamp: string;
  speaker: Speaker;
  dominant_emotion: string;
  confidence: number;
  transcript: string;
}

export interface SentimentAnalysis {
  sessionSummary?: {
    session_dominant_emotion: string;
    session_confidence: number;
    total_transcripts: number;
    average_confidence: number;
    emotion_distribution: Record<string, number>;
  } | null;
  entries?: SentimentEntry[];
}

export interface SpeechRateAnalysis {
  alerts?: SpeechRateAlert[];
  totalAlerts?: number;
  averageWordsPerMinute?: number;
}

export interface SessionDetail extends SessionSummary {
  transcripts?: Transcript[];
  detectedObjections?: Detection[];
  detectedFAQs?: Detection[];
  newInquiries?: Detection[];
  /** The landmines triggered during the call (an addition to the spec's shape). */
  landmines?: LandmineHit[];
  /** The competitors the customer named, with their battlecards (an addition to the spec's shape). */
  competitors?: CompetitorMention[];
  sentimentAnalysis?: SentimentAnalysis | null;
  speechRateAnalysis?: SpeechRateAnalysis | null;
  /** When the last event came in. */
  lastEventAt?: string;
  failureReason?: 'abandoned' | 'admin' | null;
}

export type SessionRecord = SessionSummary & RaRecord;
export type SessionDetailRecord = SessionDetail & RaRecord;

/** spec 5: case-insensitive, over session name, user email, room name and session id. */
export const matchesSearch = (session: SessionSummary, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [session.sessionName, session.userEmail, session.metadata?.roomName, session.sessionId].some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(needle),
  );
};
