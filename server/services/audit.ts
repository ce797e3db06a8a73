import { auditLog, type AuditChanges } from '../db/schema';
import type { Transaction } from '../db/client';

export interface AuditActor {
  uid: string;
  email: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** '<area>.<verb>', e.g. 'speechRate.update' */
  action: string;
  targetType: string;
  targetId?: string | null;
  changes: AuditChanges;
}

/** Writes one audit row; takes the change's transaction so both commit or neither does. */
export const recordAudit = async (tx: Transaction, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({
    actorUid: entry.actor.uid,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    changes: entry.changes,
  });
};

/** The fields whose value differs, as { field: { from, to } } (secrets must not be passed in). */
export const diffFields = <T extends Record<string, unknown>>(before: T, after: T): AuditChanges =>
  Object.fromEntries(
    Object.keys(after)
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field] ?? null, to: after[field] ?? null }]),
  );
