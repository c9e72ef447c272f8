-- Sorting by name, father name or implementing partner follows the Dari and Pashto alphabet: the
-- database compares text byte by byte (collation C, and PGlite has no ICU), which put پ, چ, ژ, ک, گ
-- and ی after every other letter and و after ه. tna_sort_key() is lower() with each letter of the
-- combined Dari/Pashto alphabet (آ ا ب پ ت ټ ث ج ځ چ څ ح خ د ډ ذ ر ړ ز ږ ژ س ش ښ ص ض ط ظ ع غ ف ق ک ګ گ
-- ل م ن ڼ و ه ی ې ۍ) replaced by the letter that holds its place in byte order, and the Arabic
-- forms of a letter (ك ي ى ئ أ إ ٱ ؤ ة ۀ ھ) by that of the letter a reader sees. Only the keys change:
-- names are shown as they were entered. The three key columns are added again in one ALTER (one
-- rewrite of the table), and the sort indexes on them built again.
CREATE FUNCTION tna_sort_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT translate(lower(t), 'پتټثجځچڅحخدډذرړزږژسشښصضطظعغفقکګگلمنڼوهېۍأإٱكيىئؤةۀھ', 'تثجحخدذرزسشصضطظعغفقلمنهوټپځڅچډړږژښکګگڼۍېاااډیییگڼڼڼ') $$;--> statement-breakpoint
ALTER TABLE "assessments"
  DROP COLUMN "name_key",
  DROP COLUMN "fathername_key",
  DROP COLUMN "partner_key",
  ADD COLUMN "name_key" text GENERATED ALWAYS AS (tna_sort_key(name)) STORED,
  ADD COLUMN "fathername_key" text GENERATED ALWAYS AS (tna_sort_key(fathername)) STORED,
  ADD COLUMN "partner_key" text GENERATED ALWAYS AS (tna_sort_key(implementing_organization)) STORED;--> statement-breakpoint
CREATE INDEX "assessments_status_name_idx" ON "assessments" USING btree ("status","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_fathername_idx" ON "assessments" USING btree ("status","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_partner_idx" ON "assessments" USING btree ("status","partner_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_name_idx" ON "assessments" USING btree ("status","job_province_id","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_fathername_idx" ON "assessments" USING btree ("status","job_province_id","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_partner_idx" ON "assessments" USING btree ("status","job_province_id","partner_key","id");
