import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import type { TimelineKind } from './timeline';

/** Opens the Timeline at a moment of the call and highlights the item of that kind. */
export type OpenMoment = (timestamp: string, kind: TimelineKind) => void;

export interface SessionTabProps {
  session: SessionDetail;
  /** ms of the session start. */
  start: number;
  onOpenMoment: OpenMoment;
}
