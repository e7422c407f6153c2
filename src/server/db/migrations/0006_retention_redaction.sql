ALTER TABLE "api_keys" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "company_verifications" ADD COLUMN "media_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_verifications" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "media_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "redacted_at" timestamp with time zone;