CREATE TABLE "identity_marks" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"embedding" real[],
	"document_digest" text,
	"name_digest" text,
	"embedding_keep_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_list_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"list" text NOT NULL,
	"target" text NOT NULL,
	"verification_id" text NOT NULL,
	"other_verification_id" text,
	"embedding" real[],
	"document_digest" text,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "risk_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "minimum_age" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "embedding_retention_days" integer;--> statement-breakpoint
CREATE INDEX "identity_marks_org_document" ON "identity_marks" USING btree ("org_id","document_digest");--> statement-breakpoint
CREATE INDEX "identity_marks_keep" ON "identity_marks" USING btree ("embedding_keep_until");--> statement-breakpoint
CREATE INDEX "risk_list_org" ON "risk_list_entries" USING btree ("org_id","list","removed_at");