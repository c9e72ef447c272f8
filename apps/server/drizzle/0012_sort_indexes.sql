-- One ALTER for the three columns: the table is rewritten once, not three times.
ALTER TABLE "assessments"
  ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN "fathername_key" text GENERATED ALWAYS AS (lower(fathername)) STORED,
  ADD COLUMN "partner_key" text GENERATED ALWAYS AS (lower(implementing_organization)) STORED;--> statement-breakpoint
CREATE INDEX "assessments_status_name_idx" ON "assessments" USING btree ("status","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_fathername_idx" ON "assessments" USING btree ("status","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_birth_year_idx" ON "assessments" USING btree ("status","birth_year","id");--> statement-breakpoint
CREATE INDEX "assessments_status_partner_idx" ON "assessments" USING btree ("status","partner_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_phone_idx" ON "assessments" USING btree ("status","phone","id");--> statement-breakpoint
CREATE INDEX "assessments_status_created_idx" ON "assessments" USING btree ("status","created_at","id");