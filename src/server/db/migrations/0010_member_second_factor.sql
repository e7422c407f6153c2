CREATE TABLE "member_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"totp_secret_enc" text,
	"totp_last_step" integer,
	"credential_id" text,
	"public_key" text,
	"sign_count" integer DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_recovery_codes" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"purpose" text NOT NULL,
	"webauthn_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "member_factors_member" ON "member_factors" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_factors_credential" ON "member_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "member_recovery_codes_member" ON "member_recovery_codes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "second_factor_challenges_member" ON "second_factor_challenges" USING btree ("member_id");