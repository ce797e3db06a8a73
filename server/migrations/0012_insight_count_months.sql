-- The counts keep month rows beside their day and week rows (grain 'm', day = the month's first
-- day), as the answer effects do (migration 0010): services/insights/record.ts and the grouping
-- job (services/insights/grouping.ts) write them from now on, sessionErasure.ts takes them out;
-- the calls counted before this migration get theirs from their day rows, which hold every call once.
INSERT INTO "insight_counts" ("metric", "rep", "status", "grain", "day", "key", "n", "calls")
SELECT "metric", "rep", "status", 'm', date_trunc('month', "day"::timestamp)::date, "key", sum("n")::int, sum("calls")::int
FROM "insight_counts"
WHERE "grain" = 'd'
GROUP BY "metric", "rep", "status", date_trunc('month', "day"::timestamp)::date, "key"
HAVING sum("n") <> 0 OR sum("calls") <> 0
ON CONFLICT ("metric", "rep", "status", "grain", "day", "key") DO NOTHING;
