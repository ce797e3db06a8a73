import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { dictionaryItems } from '../db/schema';
import { recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import { findItem, type ItemKind } from './dictionary';
import { keepLastName } from './insights/record';

/**
 * Deletes one item inside the caller's transaction (an original with its variations) and
 * audits it; the single and the bulk delete share it. The caller raises the config version.
 */
export const removeItem = async (
  tx: Transaction,
  actor: AuditActor,
  kind: ItemKind,
  current: { id: string; question: string; isOriginal: boolean; parentId: string | null },
): Promise<number> => {
  const children = current.isOriginal
    ? await tx.delete(dictionaryItems).where(eq(dictionaryItems.parentId, current.id)).returning({ id: dictionaryItems.id })
    : [];
  await tx.delete(dictionaryItems).where(eq(dictionaryItems.id, current.id));
  // The insights count detections under the original's id: its history keeps the name it had last.
  if (current.isOriginal) await keepLastName(tx, 'item', current.id, current.question);
  await recordAudit(tx, {
    actor,
    action: `${kind}.delete`,
    targetType: kind,
    targetId: current.id,
    changes: {
      question: { from: current.question, to: null },
      ...(current.isOriginal ? { variations: { from: children.length, to: 0 } } : { parentId: { from: current.parentId, to: null } }),
    },
  });
  return children.length;
};

/** DELETE /dictionary/{kind}/{id}: an original goes with its variations, in one transaction. */
export const deleteItem = async (db: Database, actor: AuditActor, kind: ItemKind, id: string): Promise<{ variationsDeleted: number }> =>
  db.transaction(async (tx) => {
    const variationsDeleted = await removeItem(tx, actor, kind, await findItem(tx, kind, id));
    await bumpConfigVersion(tx);
    return { variationsDeleted };
  });
