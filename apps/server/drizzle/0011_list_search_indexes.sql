DROP INDEX "assessments_status_province_idx";--> statement-breakpoint
CREATE INDEX "assessments_status_province_id_idx" ON "assessments" USING btree ("status","job_province_id","id");--> statement-breakpoint
CREATE INDEX "assessments_status_district_id_idx" ON "assessments" USING btree ("status","job_district_id","id");--> statement-breakpoint
CREATE INDEX "assessments_status_hospital_id_idx" ON "assessments" USING btree ("status","hospital_id","id");