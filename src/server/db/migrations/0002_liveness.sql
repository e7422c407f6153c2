ALTER TABLE "api_keys" ADD COLUMN "selfie_upload" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "liveness" jsonb;--> statement-breakpoint
-- Company representatives' selfies taken before active liveness proved no live person: they were "completed", now "not_live".
UPDATE "company_verifications" SET "authority_profile" = jsonb_set("authority_profile", '{livenessStatus}', '"not_live"') WHERE "authority_profile"->>'livenessStatus' = 'completed';
