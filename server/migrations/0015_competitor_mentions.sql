CREATE TABLE "session_competitor_mentions" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"battlecard_id" uuid,
	"name" text NOT NULL,
	"speaker" text NOT NULL,
	CONSTRAINT "session_competitor_mentions_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
ALTER TABLE "session_competitor_mentions" ADD CONSTRAINT "session_competitor_mentions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_competitor_mentions" ADD CONSTRAINT "session_competitor_mentions_battlecard_id_battlecards_id_fk" FOREIGN KEY ("battlecard_id") REFERENCES "public"."battlecards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_competitor_mentions_card_idx" ON "session_competitor_mentions" USING btree ("battlecard_id");--> statement-breakpoint
-- append_session_events (migration 0014) also stores the competitor mentions.
DROP FUNCTION append_session_events(text, bigint, bigint, int[], int[], bigint[], text[], text[], int[], bigint[], text[], text[], real[], text[], text[], text[], int[], bigint[], text[], text[], real[], text[], int[], bigint[], real[], int[], int[], int[], int[], bigint[], text[], text[], text[]);--> statement-breakpoint
CREATE FUNCTION append_session_events(
	p_session_id text, p_min_ms bigint, p_max_ms bigint, p_seqs int[],
	t_seq int[], t_ms bigint[], t_speaker text[], t_text text[],
	d_seq int[], d_ms bigint[], d_kind text[], d_category text[], d_score real[], d_question text[], d_answer text[], d_item_id text[],
	e_seq int[], e_ms bigint[], e_speaker text[], e_emotion text[], e_confidence real[], e_transcript text[],
	a_seq int[], a_ms bigint[], a_wpm real[], a_total int[], a_window int[], a_max int[],
	l_seq int[], l_ms bigint[], l_landmine_id text[], l_trigger text[], l_speaker text[],
	c_seq int[], c_ms bigint[], c_battlecard_id text[], c_name text[], c_speaker text[]
) RETURNS TABLE (status text, in_order boolean, accepted int) LANGUAGE plpgsql AS $fn$
BEGIN
	RETURN QUERY
	WITH s AS (SELECT x.id, x.status, x.start_time FROM sessions x WHERE x.session_id = p_session_id FOR UPDATE),
	ok AS (SELECT s.id, s.start_time FROM s WHERE s.status = 'in_progress' AND s.start_time <= timestamptz 'epoch' + p_min_ms * interval '1 millisecond'),
	fresh AS (
		INSERT INTO session_event_seqs (session_id, seq)
		SELECT ok.id, q.seq FROM ok, unnest(p_seqs) AS q(seq)
		ON CONFLICT DO NOTHING
		RETURNING session_event_seqs.seq
	),
	t AS (
		INSERT INTO session_transcripts (session_id, seq, ts, speaker, text)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.speaker, r.text
		FROM ok, unnest(t_seq, t_ms, t_speaker, t_text) AS r(seq, ms, speaker, text)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING session_transcripts.speaker
	),
	d AS (
		INSERT INTO session_detections (session_id, seq, ts, kind, category, relevance_score, question, answer, item_id)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.kind, r.category, r.score, r.question, r.answer, r.item_id
		FROM ok, unnest(d_seq, d_ms, d_kind, d_category, d_score, d_question, d_answer, d_item_id) AS r(seq, ms, kind, category, score, question, answer, item_id)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING session_detections.kind
	),
	e AS (
		INSERT INTO session_sentiment_entries (session_id, seq, ts, speaker, dominant_emotion, confidence, transcript)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.speaker, r.emotion, r.confidence, r.transcript
		FROM ok, unnest(e_seq, e_ms, e_speaker, e_emotion, e_confidence, e_transcript) AS r(seq, ms, speaker, emotion, confidence, transcript)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	a AS (
		INSERT INTO session_speech_alerts (session_id, seq, ts, words_per_minute, total_words, time_window, max_words)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.wpm, r.total, r.win, r.maxw
		FROM ok, unnest(a_seq, a_ms, a_wpm, a_total, a_window, a_max) AS r(seq, ms, wpm, total, win, maxw)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	l AS (
		INSERT INTO session_landmine_hits (session_id, seq, ts, landmine_id, trigger, speaker)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.landmine_id, r.trigger, r.speaker
		FROM ok, unnest(l_seq, l_ms, l_landmine_id, l_trigger, l_speaker) AS r(seq, ms, landmine_id, trigger, speaker)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	c AS (
		INSERT INTO session_competitor_mentions (session_id, seq, ts, battlecard_id, name, speaker)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.battlecard_id::uuid, r.name, r.speaker
		FROM ok, unnest(c_seq, c_ms, c_battlecard_id, c_name, c_speaker) AS r(seq, ms, battlecard_id, name, speaker)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	u AS (
		UPDATE sessions SET
			total_transcripts = sessions.total_transcripts + (SELECT count(*) FROM t),
			customer_transcripts = sessions.customer_transcripts + (SELECT count(*) FROM t WHERE t.speaker = 'customer'),
			salesperson_transcripts = sessions.salesperson_transcripts + (SELECT count(*) FROM t WHERE t.speaker = 'salesperson'),
			total_objections = sessions.total_objections + (SELECT count(*) FROM d WHERE d.kind = 'objection'),
			total_faqs = sessions.total_faqs + (SELECT count(*) FROM d WHERE d.kind = 'faq'),
			total_new_inquiries = sessions.total_new_inquiries + (SELECT count(*) FROM d WHERE d.kind = 'new_inquiry'),
			duration = greatest(sessions.duration, ceil(extract(epoch from (timestamptz 'epoch' + p_max_ms * interval '1 millisecond') - ok.start_time))::int),
			last_event_at = now()
		FROM ok
		WHERE sessions.id = ok.id AND EXISTS (SELECT 1 FROM fresh)
		RETURNING 1
	)
	SELECT s.status, (s.start_time <= timestamptz 'epoch' + p_min_ms * interval '1 millisecond'), (SELECT count(*) FROM fresh)::int FROM s;
END
$fn$;
