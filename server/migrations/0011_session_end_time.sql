-- The end a finished call was added to the insights with (services/insights/record.ts), so that
-- erasing the call (services/sessionErasure.ts) subtracts exactly what its completion added: the
-- rep figures run to it. Null while the call is in progress, and for a call the insights never counted.
ALTER TABLE "sessions" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
-- Finished calls recorded before this column: the demo seed ended them at start + duration, and
-- a call completed through the assistant's API ended within the second before that. A call
-- stored before the insights existed (migration 0009) has detections without a key and was
-- never counted; a call without an analysis row was never completed with its detail.
UPDATE "sessions" s SET "end_time" = s."start_time" + s."duration" * interval '1 second'
WHERE s."status" IN ('completed', 'failed')
  AND EXISTS (SELECT 1 FROM "session_analyses" a WHERE a."session_id" = s."id")
  AND NOT EXISTS (SELECT 1 FROM "session_detections" d WHERE d."session_id" = s."id" AND d."item_key" IS NULL);
