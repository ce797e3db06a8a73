import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Landmine, LandmineCreate, LandmineListQuery, LandmineUpdate } from '../../src/contract/landmines';
import type { Database, Transaction } from '../db/client';
import { containsPattern } from '../db/like';
import { landmines } from '../db/schema';
import { notFoundError } from '../errors';
import { diffFields, recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import { keepLastName } from './insights/record';
import { checkVersion, versionConflict } from './versions';

type Row = typeof landmines.$inferSelect;

export const toWireLandmine = (row: Row): Landmine => ({
  _id: row.id,
  trigger: row.trigger,
  triggerVariations: row.triggerVariations,
  category: row.category,
  priority: row.priority,
  canSay: row.canSay,
  cannotSay: row.cannotSay,
  quickTips: row.quickTips,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const findLandmine = async (tx: Database | Transaction, id: string): Promise<Row> => {
  const [row] = await tx.select().from(landmines).where(eq(landmines.id, id)).limit(1);
  if (!row) throw notFoundError(`No landmine with id ${id}.`);
  return row;
};

/** Lists compared as JSON, so equal lists are not reported as changes. */
const auditable = (
  row: Pick<Row, 'trigger' | 'triggerVariations' | 'category' | 'priority' | 'canSay' | 'cannotSay' | 'quickTips' | 'isActive'>,
) => ({
  trigger: row.trigger,
  triggerVariations: JSON.stringify(row.triggerVariations),
  category: row.category,
  priority: row.priority,
  canSay: JSON.stringify(row.canSay),
  cannotSay: JSON.stringify(row.cannotSay),
  quickTips: row.quickTips,
  isActive: row.isActive,
});

export const listLandmines = async (db: Database, query: LandmineListQuery): Promise<Landmine[]> => {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(landmines.category, query.category));
  if (query.priority) conditions.push(eq(landmines.priority, query.priority));
  if (query.isActive !== undefined) conditions.push(eq(landmines.isActive, query.isActive));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(landmines.trigger, pattern),
        ilike(landmines.category, pattern),
        ilike(landmines.quickTips, pattern),
        sql`exists (select 1 from jsonb_array_elements_text(${landmines.triggerVariations}) as tv(value) where tv.value ilike ${pattern})`,
      ) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(landmines)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(landmines.createdAt), desc(landmines.id));
  return rows.map(toWireLandmine);
};

export const createLandmine = async (db: Database, actor: AuditActor, input: LandmineCreate): Promise<Landmine> =>
  toWireLandmine(
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(landmines).values(input).returning();
      await recordAudit(tx, {
        actor,
        action: 'landmine.create',
        targetType: 'landmine',
        targetId: row.id,
        changes: Object.fromEntries(Object.entries(auditable(row)).map(([field, to]) => [field, { from: null, to }])),
      });
      await bumpConfigVersion(tx);
      return row;
    }),
  );

export const updateLandmine = async (db: Database, actor: AuditActor, id: string, input: LandmineUpdate): Promise<Landmine> =>
  toWireLandmine(
    await db.transaction(async (tx) => {
      const current = await findLandmine(tx, id);
      checkVersion(input.version, current.version, 'landmine');
      const next = {
        trigger: input.trigger,
        category: input.category,
        triggerVariations: input.triggerVariations ?? current.triggerVariations,
        priority: input.priority ?? current.priority,
        canSay: input.canSay ?? current.canSay,
        cannotSay: input.cannotSay ?? current.cannotSay,
        quickTips: input.quickTips ?? current.quickTips,
        isActive: input.isActive ?? current.isActive,
      };
      const changes = diffFields(auditable(current), auditable(next));
      if (Object.keys(changes).length === 0) return current;
      const [row] = await tx
        .update(landmines)
        .set({ ...next, updatedAt: new Date(), version: current.version + 1 })
        .where(and(eq(landmines.id, id), eq(landmines.version, current.version)))
        .returning();
      if (!row) throw versionConflict('landmine');
      await recordAudit(tx, { actor, action: 'landmine.update', targetType: 'landmine', targetId: id, changes });
      await bumpConfigVersion(tx);
      return row;
    }),
  );

/** Shared by the single and the bulk delete; the caller raises the config version. */
export const removeLandmine = async (
  tx: Transaction,
  actor: AuditActor,
  current: { id: string; trigger: string },
  /** docs/api.md "Versions": the delete itself is the check. */
  version?: number,
): Promise<void> => {
  const versionMatches = version === undefined ? undefined : eq(landmines.version, version);
  const removed = await tx
    .delete(landmines)
    .where(and(eq(landmines.id, current.id), versionMatches))
    .returning({ id: landmines.id });
  if (removed.length === 0) throw versionConflict('landmine');
  await keepLastName(tx, 'landmine', current.id, current.trigger);
  await recordAudit(tx, {
    actor,
    action: 'landmine.delete',
    targetType: 'landmine',
    targetId: current.id,
    changes: { trigger: { from: current.trigger, to: null } },
  });
};

export const deleteLandmine = async (db: Database, actor: AuditActor, id: string, version?: number): Promise<void> =>
  db.transaction(async (tx) => {
    const current = await findLandmine(tx, id);
    checkVersion(version, current.version, 'landmine');
    await removeLandmine(tx, actor, current, version);
    await bumpConfigVersion(tx);
  });

export const toggleLandmine = async (db: Database, actor: AuditActor, id: string): Promise<Landmine> =>
  toWireLandmine(
    await db.transaction(async (tx) => {
      await findLandmine(tx, id);
      const [row] = await tx
        .update(landmines)
        .set({ isActive: sql`not ${landmines.isActive}`, updatedAt: new Date(), version: sql`${landmines.version} + 1` })
        .where(eq(landmines.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'landmine.toggle',
        targetType: 'landmine',
        targetId: id,
        changes: { isActive: { from: !row.isActive, to: row.isActive } },
      });
      await bumpConfigVersion(tx);
      return row;
    }),
  );
