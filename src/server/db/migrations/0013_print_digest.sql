ALTER TABLE "identity_marks" ADD COLUMN "print_digest" text;--> statement-breakpoint
CREATE INDEX "identity_marks_org_print" ON "identity_marks" USING btree ("org_id","print_digest");