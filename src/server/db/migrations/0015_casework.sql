CREATE TABLE "case_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"family" text NOT NULL,
	"case_id" text NOT NULL,
	"member_id" text NOT NULL,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_work" (
	"family" text NOT NULL,
	"case_id" text NOT NULL,
	"org_id" text NOT NULL,
	"assignee_id" text,
	"assigned_at" timestamp with time zone,
	"pending" jsonb,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_work_family_case_id_pk" PRIMARY KEY("family","case_id")
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "review_sla_hours" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "four_eyes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "case_notes_case" ON "case_notes" USING btree ("family","case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_work_assignee" ON "case_work" USING btree ("org_id","assignee_id");--> statement-breakpoint
CREATE INDEX "saved_filters_member" ON "saved_filters" USING btree ("member_id");