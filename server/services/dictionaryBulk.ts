import { and, eq, inArray } from 'drizzle-orm';
import type { BulkOutcome, LandmineBulkAction } from '../../src/contract/bulk';
import type { Database } from '../db/client';
import { dictionaryItems, landmines } from '../db/schema';
import { recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import type { ItemKind } from './dictionary';
import { removeItem } from './dictionaryDelete';
import { removeLandmine } from './landmines';

const normalise = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** docs/api.md "Bulk work": each id as its single delete does it, in one transaction, the config version raised once. */
export const bulkDeleteItems = async (db: Database, actor: AuditActor, kind: ItemKind, ids: readonly string[]): Promise<BulkOutcome> =>
  db.transaction(async (tx) => {
    const wanted = normalise(ids);
    const rows = await tx
      .select()
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.kind, kind), inArray(dictionaryItems.id, wanted)))
      .for('update');
    const found = new Map(rows.map((row) => [row.id, row]));
    const changed: string[] = [];
    for (const id of wanted) {
      const current = found.get(id);
      if (!current) continue;
      // A variation whose original this call deleted went with it, in the original's audit row.
      if (current.parentId && changed.includes(current.parentId)) {
        changed.push(id);
        continue;
      }
      await removeItem(tx, actor, kind, current);
      changed.push(id);
    }
    if (changed.length > 0) await bumpConfigVersion(tx);
    return { changed, unchanged: [], missing: wanted.filter((id) => !found.has(id)) };
  });

/** docs/api.md "Bulk work": a status change sets the status (not a toggle), so a landmine already so writes nothing. */
export const bulkLandmines = async (
  db: Database,
  actor: AuditActor,
  action: LandmineBulkAction,
  ids: readonly string[],
): Promise<BulkOutcome> =>
  db.transaction(async (tx) => {
    const wanted = normalise(ids);
    const rows = await tx.select().from(landmines).where(inArray(landmines.id, wanted)).for('update');
    const found = new Map(rows.map((row) => [row.id, row]));
    const changed: string[] = [];
    const unchanged: string[] = [];
    for (const id of wanted) {
      const current = found.get(id);
      if (!current) continue;
      if (action === 'delete') {
        await removeLandmine(tx, actor, current);
      } else {
        const isActive = action === 'activate';
        if (current.isActive === isActive) {
          unchanged.push(id);
          continue;
        }
        await tx
          .update(landmines)
          .set({ isActive, updatedAt: new Date(), version: current.version + 1 })
          .where(eq(landmines.id, id));
        await recordAudit(tx, {
          actor,
          action: 'landmine.toggle',
          targetType: 'landmine',
          targetId: id,
          changes: { isActive: { from: current.isActive, to: isActive } },
        });
      }
      changed.push(id);
    }
    if (changed.length > 0) await bumpConfigVersion(tx);
    return { changed, unchanged, missing: wanted.filter((id) => !found.has(id)) };
  });
