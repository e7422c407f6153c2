CREATE TABLE "screening_entities" (
	"list_id" text NOT NULL,
	"key" text NOT NULL,
	"since_version" integer NOT NULL,
	"until_version" integer,
	"digest" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "screening_entities_list_id_key_since_version_pk" PRIMARY KEY("list_id","key","since_version")
);
--> statement-breakpoint
CREATE TABLE "screening_hits" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"part" text NOT NULL,
	"part_name" text NOT NULL,
	"list_id" text NOT NULL,
	"list_version" integer NOT NULL,
	"entity_key" text NOT NULL,
	"entity_digest" text NOT NULL,
	"entity_name" text NOT NULL,
	"matched_name" text NOT NULL,
	"signal" text NOT NULL,
	"score" real NOT NULL,
	"features" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_digest" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_reason" text,
	"gone_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_list_versions" (
	"list_id" text NOT NULL,
	"version" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"imported_by" text NOT NULL,
	"sources" jsonb NOT NULL,
	"published_at" text,
	"entity_count" integer NOT NULL,
	"name_count" integer NOT NULL,
	"diff" jsonb NOT NULL,
	CONSTRAINT "screening_list_versions_list_id_version_pk" PRIMARY KEY("list_id","version")
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_subjects" (
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"org_id" text NOT NULL,
	"key_id" text NOT NULL,
	"monitored" boolean DEFAULT false NOT NULL,
	"last_screened_at" timestamp with time zone NOT NULL,
	"list_versions" jsonb NOT NULL,
	CONSTRAINT "screening_subjects_subject_type_subject_id_pk" PRIMARY KEY("subject_type","subject_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "aml_monitoring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "screening_entities_current" ON "screening_entities" USING btree ("list_id","until_version");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_subject_entity" ON "screening_hits" USING btree ("subject_type","subject_id","part","list_id","entity_key");--> statement-breakpoint
CREATE INDEX "screening_hits_org_state" ON "screening_hits" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "screening_subjects_monitored" ON "screening_subjects" USING btree ("monitored","subject_type","subject_id");