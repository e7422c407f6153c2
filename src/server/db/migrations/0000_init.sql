CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"lookup_digest" text NOT NULL,
	"secret_enc" text NOT NULL,
	"hint" text NOT NULL,
	"events_url" text,
	"decision_url" text,
	"origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"campaign_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_versions_campaign_id_version_pk" PRIMARY KEY("campaign_id","version")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"published_version" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"hosted_token_digest" text NOT NULL,
	"status" text NOT NULL,
	"status_code" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"vendor_data" text DEFAULT '' NOT NULL,
	"user_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"redirect" text,
	"campaign_id" text NOT NULL,
	"campaign_version" integer NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authority_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extracted_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audit_trail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"api_key_id" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"status" text NOT NULL,
	"status_code" integer NOT NULL,
	"decision" text,
	"reason" text DEFAULT '' NOT NULL,
	"reason_code" integer,
	"vendor_data" text DEFAULT '' NOT NULL,
	"user_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verification_method" text DEFAULT 'auto' NOT NULL,
	"redirect" text,
	"doc_type" text,
	"issuing_state" text,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"doc_info" jsonb,
	"resubmissions" integer DEFAULT 0 NOT NULL,
	"company_verification_id" text,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"event_type" text NOT NULL,
	"destination" text NOT NULL,
	"subject_id" text,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_verifications" ADD CONSTRAINT "company_verifications_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_lookup_digest" ON "api_keys" USING btree ("lookup_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "company_public_id" ON "company_verifications" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "company_key_updated" ON "company_verifications" USING btree ("api_key_id","updated_at");--> statement-breakpoint
CREATE INDEX "company_expiry" ON "company_verifications" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "verifications_key_updated" ON "verifications" USING btree ("api_key_id","updated_at");--> statement-breakpoint
CREATE INDEX "verifications_expiry" ON "verifications" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_event" ON "webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_due" ON "webhook_events" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_events_key" ON "webhook_events" USING btree ("api_key_id","created_at");