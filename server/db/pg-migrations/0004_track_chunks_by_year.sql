-- The track store partitioned by period (PostgreSQL only; SQLite keeps one table): track_chunks
-- becomes a table partitioned by range of start_ms, one partition per UTC year (track_chunks_y2026
-- holds the chunks of the days of 2026), and a default partition for days outside the years made.
-- A year is dropped or archived whole with its partition; a read names its days, so only the
-- partitions of those years are read. docs/deploy.md "Track data" says how to add later years.
ALTER TABLE "track_chunks" RENAME TO "track_chunks_unpartitioned";
--> statement-breakpoint
ALTER TABLE "track_chunks_unpartitioned" RENAME CONSTRAINT "track_chunks_vehicle_id_start_ms_pk" TO "track_chunks_unpartitioned_pk";
--> statement-breakpoint
CREATE TABLE "track_chunks" (
	"vehicle_id" bigint NOT NULL REFERENCES "vehicles" ("id"),
	"corp_id" bigint NOT NULL REFERENCES "corporations" ("id"),
	"start_ms" bigint NOT NULL,
	"first_ms" bigint NOT NULL,
	"end_ms" bigint NOT NULL,
	"count" bigint NOT NULL,
	"columns" bytea NOT NULL,
	CONSTRAINT "track_chunks_vehicle_id_start_ms_pk" PRIMARY KEY ("vehicle_id", "start_ms")
) PARTITION BY RANGE ("start_ms");
--> statement-breakpoint
-- Makes the yearly partitions of first_year to last_year that do not exist yet. A year can only be
-- made while the default partition holds none of its days.
CREATE FUNCTION huoyun_track_partitions(first_year int, last_year int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	y int;
	from_ms bigint;
	to_ms bigint;
BEGIN
	FOR y IN first_year..last_year LOOP
		from_ms := (extract(epoch FROM make_timestamptz(y, 1, 1, 0, 0, 0, 'UTC')) * 1000)::bigint;
		to_ms := (extract(epoch FROM make_timestamptz(y + 1, 1, 1, 0, 0, 0, 'UTC')) * 1000)::bigint;
		EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF track_chunks FOR VALUES FROM (%s) TO (%s)', 'track_chunks_y' || y, from_ms, to_ms);
	END LOOP;
END $$;
--> statement-breakpoint
SELECT huoyun_track_partitions(2020, 2040);
--> statement-breakpoint
CREATE TABLE "track_chunks_other" PARTITION OF "track_chunks" DEFAULT;
--> statement-breakpoint
INSERT INTO "track_chunks" SELECT "vehicle_id", "corp_id", "start_ms", "first_ms", "end_ms", "count", "columns" FROM "track_chunks_unpartitioned";
--> statement-breakpoint
DROP TABLE "track_chunks_unpartitioned";
