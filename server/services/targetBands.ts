import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_TARGET_BANDS, TARGET_BAND_METRICS, type TargetBands } from '../../src/contract/insights';
import type { TargetBandsData, TargetBandsPutBody } from '../../src/contract/targetBands';
import type { Database, Transaction } from '../db/client';
import { type AuditChanges, targetBands } from '../db/schema';
import { type AuditActor, recordAudit } from './audit';
import { checkVersion, versionConflict } from './versions';

const SETTINGS_ID = 1;

const readRow = async (db: Database | Transaction, lock = false) => {
  const query = db.select().from(targetBands).where(eq(targetBands.id, SETTINGS_ID)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

const dataOf = (bands: TargetBands, version: number): TargetBandsData => ({ bands, defaults: DEFAULT_TARGET_BANDS, version });

/** The bands the rep flags use: DEFAULT_TARGET_BANDS until an admin saves others (version 0 until then). */
export const readTargetBands = async (db: Database | Transaction): Promise<TargetBandsData> => {
  const row = await readRow(db);
  return dataOf(row?.bands ?? DEFAULT_TARGET_BANDS, row?.version ?? 0);
};

/** One change per band end that moved, named `<metric>Min` or `<metric>Max`. */
const changesOf = (before: TargetBands, after: TargetBands): AuditChanges => {
  const changes: AuditChanges = {};
  for (const metric of TARGET_BAND_METRICS)
    for (const end of ['min', 'max'] as const)
      if (before[metric][end] !== after[metric][end])
        changes[`${metric}${end === 'min' ? 'Min' : 'Max'}`] = { from: before[metric][end], to: after[metric][end] };
  return changes;
};

export const updateTargetBands = async (db: Database, actor: AuditActor, input: TargetBandsPutBody): Promise<TargetBandsData> =>
  db.transaction(async (tx) => {
    const current = await readRow(tx, true);
    checkVersion(input.version, current?.version ?? 0, 'targetBands');
    const { version: _version, ...bands } = input;
    const before = current?.bands ?? DEFAULT_TARGET_BANDS;
    const changes = changesOf(before, bands);
    if (current && Object.keys(changes).length === 0) return dataOf(current.bands, current.version);
    const values = { bands, updatedAt: new Date() };
    const [saved] = current
      ? await tx
          .update(targetBands)
          .set({ ...values, version: current.version + 1 })
          .where(and(eq(targetBands.id, SETTINGS_ID), eq(targetBands.version, current.version)))
          .returning()
      : await (input.version === undefined
          ? tx
              .insert(targetBands)
              .values({ id: SETTINGS_ID, ...values, version: 1 })
              .onConflictDoUpdate({ target: targetBands.id, set: { ...values, version: sql`${targetBands.version} + 1` } })
          : tx
              .insert(targetBands)
              .values({ id: SETTINGS_ID, ...values, version: 1 })
              .onConflictDoNothing()
        ).returning();
    if (!saved) throw versionConflict('targetBands');
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor,
        action: 'targetBands.update',
        targetType: 'targetBands',
        targetId: String(SETTINGS_ID),
        changes,
      });
    return dataOf(saved.bands, saved.version);
  });
