import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL, ne } from 'drizzle-orm';
import type { SessionListQuery, SessionListResponse, SessionSummary } from '../../src/contract/sessions';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { listTotal } from '../db/rowCount';
import { insightInquiryPhrases, sessionCompetitorMentions, sessionDetections, sessionLandmineHits, sessions, users } from '../db/schema';
import { storedStatistics } from './sessionComplete';

/** pick: only a search matching a large share of 100 000+ sessions gets there, and nobody pages through 10 000 hits. */
export const SESSION_SEARCH_COUNT_CAP = 10_000;

/** Never the detail tables. */
export const summaryColumns = {
  id: sessions.id,
  sessionId: sessions.sessionId,
  sessionName: sessions.sessionName,
  userEmail: sessions.userEmail,
  roomName: sessions.roomName,
  startTime: sessions.startTime,
  duration: sessions.duration,
  status: sessions.status,
  totalTranscripts: sessions.totalTranscripts,
  customerTranscripts: sessions.customerTranscripts,
  salespersonTranscripts: sessions.salespersonTranscripts,
  totalObjections: sessions.totalObjections,
  totalFaqs: sessions.totalFaqs,
  totalNewInquiries: sessions.totalNewInquiries,
  responseRate: sessions.responseRate,
  configVersion: sessions.configVersion,
  // The oldest live profile of the address (case aside), as Insights names reps (services/insights/reps.ts).
  userName: sql<string | null>`(select nullif(${users.name}, '') from ${users}
    where lower(${users.email}) = lower(${sessions.userEmail}) and ${users.deletedAt} is null
    order by ${users.createdAt} limit 1)`,
  // The page's rows only, each through the hits' primary key.
  landmineCount: sql<number>`(select count(*)::int from ${sessionLandmineHits} where ${sessionLandmineHits.sessionId} = ${sessions.id})`,
};
export type SummaryRow = Pick<typeof sessions.$inferSelect, Exclude<keyof typeof summaryColumns, 'userName' | 'landmineCount'>> & {
  userName: string | null;
  landmineCount: number;
};

export const toSummary = (row: SummaryRow): SessionSummary => ({
  _id: row.id,
  sessionId: row.sessionId,
  sessionName: row.sessionName,
  userEmail: row.userEmail,
  userName: row.userName,
  startTime: row.startTime.toISOString(),
  duration: row.duration,
  status: row.status,
  metadata: { roomName: row.roomName },
  configVersion: row.configVersion,
  statistics: storedStatistics(row),
  landmineCount: row.landmineCount,
});

/** A session row read elsewhere (a write's returned row), with what its summary adds: the rep's name and the landmine count. */
export const summaryOf = async (db: Database, row: Omit<SummaryRow, 'userName' | 'landmineCount'>): Promise<SessionSummary> => {
  const [added] = await db
    .select({ userName: summaryColumns.userName, landmineCount: summaryColumns.landmineCount })
    .from(sessions)
    .where(eq(sessions.id, row.id));
  return toSummary({ ...row, userName: added?.userName ?? null, landmineCount: added?.landmineCount ?? 0 });
};

/** Spelled exactly like the indexes (DESC NULLS LAST) so PostgreSQL walks them. */
const newestFirst = [sql`${sessions.startTime} desc nulls last`, sql`${sessions.id} desc nulls last`];

/** `search_text`'s trigram index finds the candidates; the per-field ILIKE keeps a match from spanning two fields. */
const searchCondition = (search: string): SQL => {
  const pattern = containsPattern(search);
  return and(
    sql`${sessions.searchText} like lower(${pattern})`,
    or(
      ilike(sessions.sessionName, pattern),
      ilike(sessions.userEmail, pattern),
      ilike(sessions.roomName, pattern),
      ilike(sessions.sessionId, pattern),
    ),
  )!;
};

const repCondition = (rep: string): SQL => sql`lower(${sessions.userEmail}) = lower(${rep})`;

/** Never a read of the session's other detail rows. */
const withDetectionKey = (keys: readonly string[]): SQL =>
  sql`exists (select 1 from ${sessionDetections} where ${inArray(sessionDetections.itemKey, [...keys])} and ${sessionDetections.sessionId} = ${sessions.id})`;

const withLandmineKey = (key: string): SQL =>
  sql`exists (select 1 from ${sessionLandmineHits} where ${eq(sessionLandmineHits.landmineKey, key)} and ${sessionLandmineHits.sessionId} = ${sessions.id})`;

const withCompetitor = (battlecardId: string): SQL =>
  sql`exists (select 1 from ${sessionCompetitorMentions} where ${eq(sessionCompetitorMentions.battlecardId, battlecardId)} and ${sessionCompetitorMentions.sessionId} = ${sessions.id})`;
const withAnyLandmine: SQL = sql`exists (select 1 from ${sessionLandmineHits} where ${sessionLandmineHits.sessionId} = ${sessions.id})`;

/** A phrasing not grouped yet is its own group. */
const inquiryKeys = async (db: Database, group: string): Promise<string[]> => {
  const phrasings = await db
    .select({ id: insightInquiryPhrases.id })
    .from(insightInquiryPhrases)
    .where(sql`coalesce(${insightInquiryPhrases.groupId}, ${insightInquiryPhrases.id}) = ${group}`);
  return phrasings.map(({ id }) => `inquiry:${id}`);
};

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`));

/** null when one of them can match nothing (an inquiry group without phrasings). */
const insightConditions = async (db: Database, query: SessionListQuery): Promise<SQL[] | null> => {
  const conditions: SQL[] = [];
  if (query.rep) conditions.push(repCondition(query.rep));
  if (query.item) conditions.push(withDetectionKey([query.item]));
  if (query.landmine) conditions.push(withLandmineKey(query.landmine));
  if (query.competitorId) conditions.push(withCompetitor(query.competitorId));
  if (query.hasLandmine) conditions.push(withAnyLandmine);
  if (query.inquiry) {
    const keys = await inquiryKeys(db, query.inquiry);
    if (keys.length === 0) return null;
    conditions.push(withDetectionKey(keys));
  }
  if (query.finished) conditions.push(ne(sessions.status, 'in_progress'));
  if (query.from) conditions.push(gte(sessions.startTime, dayStart(query.from)));
  if (query.to) conditions.push(lt(sessions.startTime, new Date(dayStart(query.to).getTime() + DAY_MS)));
  return conditions;
};

const hasInsightFilter = (query: SessionListQuery) =>
  [query.rep, query.item, query.landmine, query.competitorId, query.hasLandmine, query.inquiry, query.from, query.to, query.finished].some(
    (value) => value !== undefined,
  );

/**
 * A deferred join: the page's ids from an index-only walk, so a deep OFFSET skips index entries, not rows. Past the
 * search cap and on a large unfiltered table the total is an estimate (db/rowCount.ts, docs/api.md).
 */
export const listSessions = async (db: Database, query: SessionListQuery): Promise<SessionListResponse> => {
  const offset = (query.page - 1) * query.limit;
  const insight = await insightConditions(db, query);
  if (insight === null) return { success: true, data: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0 } };
  const conditions: SQL[] = [...insight];
  if (query.status) conditions.push(eq(sessions.status, query.status));
  const search = query.search?.trim();
  if (search) conditions.push(searchCondition(search));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const pageIds = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(offset);
  const rows = await db
    .select(summaryColumns)
    .from(sessions)
    .where(inArray(sessions.id, pageIds))
    .orderBy(...newestFirst);

  let total: number;
  if (search || hasInsightFilter(query)) {
    const capped = db.select({ one: sql`1` }).from(sessions).where(where).limit(SESSION_SEARCH_COUNT_CAP);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(capped.as('capped'));
    total = n < SESSION_SEARCH_COUNT_CAP ? n : Math.max(n, offset + rows.length);
  } else {
    total = await listTotal(db, sessions, where, { offset, limit: query.limit, rows: rows.length });
  }
  return {
    success: true,
    data: rows.map(toSummary),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
};
