CREATE TABLE "decision_jobs" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "decisions" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "checks" jsonb;--> statement-breakpoint
CREATE INDEX "decision_jobs_due" ON "decision_jobs" USING btree ("state","run_after");