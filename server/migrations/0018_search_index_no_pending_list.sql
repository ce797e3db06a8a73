DROP INDEX "session_detections_search_idx";--> statement-breakpoint
DROP INDEX "session_transcripts_search_idx";--> statement-breakpoint
CREATE INDEX "session_detections_search_idx" ON "session_detections" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "session_transcripts_search_idx" ON "session_transcripts" USING gin ("search_vector") WITH (fastupdate=false);