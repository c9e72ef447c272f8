-- A search (a province required) sorted by one of the form's own columns reads its page off one of
-- these in order, as the whole lists do off the (status, column, id) ones of 0012; it used to read and
-- sort all of the province's forms for every page (Kabul's 50,000 NEW ones: 100-270 ms).
CREATE INDEX "assessments_status_province_name_idx" ON "assessments" USING btree ("status","job_province_id","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_fathername_idx" ON "assessments" USING btree ("status","job_province_id","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_birth_year_idx" ON "assessments" USING btree ("status","job_province_id","birth_year","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_partner_idx" ON "assessments" USING btree ("status","job_province_id","partner_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_phone_idx" ON "assessments" USING btree ("status","job_province_id","phone","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_created_idx" ON "assessments" USING btree ("status","job_province_id","created_at","id");