-- The answer effects keep month rows beside their day and week rows (grain 'm', day = the
-- month's first day): services/insights/record.ts writes them as calls complete; the calls
-- recorded before this migration get theirs from their day rows, which hold every case once.
INSERT INTO "insight_answer_effects" ("rep", "status", "grain", "day", "item_key", "answer_key", "cases", "sum", "sum_squares")
SELECT "rep", "status", 'm', date_trunc('month', "day"::timestamp)::date, "item_key", "answer_key",
       sum("cases")::int, sum("sum"::float8)::real, sum("sum_squares"::float8)::real
FROM "insight_answer_effects"
WHERE "grain" = 'd'
GROUP BY "rep", "status", date_trunc('month', "day"::timestamp)::date, "item_key", "answer_key"
ON CONFLICT ("rep", "status", "grain", "day", "item_key", "answer_key") DO NOTHING;
