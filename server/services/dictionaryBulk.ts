import { and, eq, inArray } from 'drizzle-orm';
import type { BulkOutcome, LandmineBulkAction } from '../../src/contract/bulk';
import type { Database } from '../db/client';
import { dictionaryItems, landmines } from '../db/schema';
import { recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import type { ItemKind } from './dictionary';
import { removeItem } from './dictionaryDelete';
import { removeLandmine } from './landmines';

/** Ids as the database spells them (lower-case uuids), in the order asked, without repeats. */
const normalise = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * POST /api/dictionary/{kind}/bulk-delete (docs/api.md "Bulk work"): what DELETE
 * /dictionary/{kind}/{id} does for each id, in one transaction: an original goes with its
 * variations, one `<kind>.delete` audit row per deleted item with the same changes as the single
 * delete, and the config version raised once. Ids of another kind or gone already are `missing`.
 */
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
      // a variation whose original this call deleted went with it (counted in the original's audit row)
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

/**
 * POST /api/landmines/bulk (docs/api.md "Bulk work"): activate, deactivate or delete, in one
 * transaction. A status change sets the status (not a toggle), so a landmine already so is
 * `unchanged` and writes nothing; each changed landmine gets the single route's audit row
 * (`landmine.toggle` or `landmine.delete`, same changes) and the config version is raised once.
 */
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
