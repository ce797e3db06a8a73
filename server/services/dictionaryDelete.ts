import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { dictionaryItems } from '../db/schema';
import { recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import { findItem, type ItemKind } from './dictionary';
import { keepLastName } from './insights/record';
import { checkVersion, versionConflict } from './versions';

/** Shared by the single and the bulk delete; the caller raises the config version. */
export const removeItem = async (
  tx: Transaction,
  actor: AuditActor,
  kind: ItemKind,
  current: { id: string; question: string; isOriginal: boolean; parentId: string | null },
  /** docs/api.md "Versions": the delete itself is the check, as for a save. */
  version?: number,
): Promise<number> => {
  const children = current.isOriginal
    ? await tx.delete(dictionaryItems).where(eq(dictionaryItems.parentId, current.id)).returning({ id: dictionaryItems.id })
    : [];
  const versionMatches = version === undefined ? undefined : eq(dictionaryItems.version, version);
  const removed = await tx
    .delete(dictionaryItems)
    .where(and(eq(dictionaryItems.id, current.id), versionMatches))
    .returning({ id: dictionaryItems.id });
  if (removed.length === 0) throw versionConflict(kind);
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

export const deleteItem = async (
  db: Database,
  actor: AuditActor,
  kind: ItemKind,
  id: string,
  version?: number,
): Promise<{ variationsDeleted: number }> =>
  db.transaction(async (tx) => {
    const current = await findItem(tx, kind, id);
    checkVersion(version, current.version, kind);
    const variationsDeleted = await removeItem(tx, actor, kind, current, version);
    await bumpConfigVersion(tx);
    return { variationsDeleted };
  });
