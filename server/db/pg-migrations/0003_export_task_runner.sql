ALTER TABLE "export_tasks" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "heartbeat_at" bigint;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "attempts" bigint DEFAULT 0 NOT NULL;