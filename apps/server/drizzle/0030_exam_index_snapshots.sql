CREATE TABLE "exam_index_snapshots" (
	"catalog_version" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- custom SQL below
-- Stored as it is: compressing megabytes at each save and load would cost more than the bytes.
ALTER TABLE "exam_index_snapshots" ALTER COLUMN "data" SET STORAGE EXTERNAL;
