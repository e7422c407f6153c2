CREATE TABLE "second_factor_guards" (
	"member_id" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_try_at" timestamp with time zone NOT NULL,
	"unseen_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_email";--> statement-breakpoint
ALTER TABLE "member_sessions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "second_factor_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_active" ON "members" USING btree ("email") WHERE "members"."password_hash" is not null and "members"."removed_at" is null;