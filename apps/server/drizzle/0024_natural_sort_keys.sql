-- Names sort as their readers expect (issue 13): numbers by value (Bilal7, Bilal13, Bilal19, not
-- Bilal13, Bilal19, Bilal7), and Dari/Pashto letters in their alphabet's order. The database compares
-- text byte by byte (the key columns are COLLATE "C", so PGlite, which has no ICU, and PostgreSQL under
-- any locale order them alike), which put پ چ ژ ک گ ی after every other letter. tna_sort_key() is the
-- twin of sortKey() in packages/domain/src/text.ts (a test compares the two on both databases):
-- translate() lowers A-Z, moves each letter of the Dari/Pashto alphabet (آ ا ب پ ت ټ ث ج ځ چ څ ح خ د
-- ډ ذ ر ړ ز ږ ژ س ش ښ ص ض ط ظ ع غ ف ق ک ګ گ ل م ن ڼ و ه ی ې ۍ) to the letter that holds its place in
-- byte order, folds the Arabic forms (ك ي ى ئ أ إ ٱ ؤ ة ۀ ھ) into the letter a reader sees, reads
-- Persian and Arabic-Indic digits as ASCII ones, and drops zero-width joiners, tatweel and harakat
-- (the characters of the first string past the end of the second); then every number is padded to ten
-- digits. Names are shown as they were entered: only the keys change.
--
-- The three key columns are added again in one ALTER (one rewrite of the table). The rewrite leaves the
-- visibility map empty and the new columns without statistics, so that the index-only list reads would
-- visit the table (measured on a million forms: My Assessments p95 41 -> 197 ms) until a VACUUM
-- ANALYZE, which cannot run inside this migration's transaction: db/migrate.ts runs it right after
-- Drizzle's migrator, when this migration has just been applied.
CREATE FUNCTION tna_sort_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT regexp_replace(regexp_replace(translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZآابپتټثجځچڅحخدډذرړزږژسشښصضطظعغفقکګگلمنڼوهیېۍكيىئأإٱؤةۀھ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩' || U&'\200B\200C\200D\0640\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0656\0657\0658\0659\065A\065B\065C\065D\065E\065F\0670', 'abcdefghijklmnopqrstuvwxyzآابتثجحخدذرزسشصضطظعغفقلمنهوټپځڅچډړږژښکګگڼیۍېډیییاااگڼڼڼ01234567890123456789'), '[0-9]+', '0000000000\&', 'g'), '0*([0-9]{10})', '\1', 'g') $$;--> statement-breakpoint
ALTER TABLE "assessments"
  DROP COLUMN "name_key",
  DROP COLUMN "fathername_key",
  DROP COLUMN "partner_key",
  ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (tna_sort_key(name)) STORED,
  ADD COLUMN "fathername_key" text COLLATE "C" GENERATED ALWAYS AS (tna_sort_key(fathername)) STORED,
  ADD COLUMN "partner_key" text COLLATE "C" GENERATED ALWAYS AS (tna_sort_key(implementing_organization)) STORED;--> statement-breakpoint
CREATE INDEX "assessments_status_name_idx" ON "assessments" USING btree ("status","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_fathername_idx" ON "assessments" USING btree ("status","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_partner_idx" ON "assessments" USING btree ("status","partner_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_name_idx" ON "assessments" USING btree ("status","job_province_id","name_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_fathername_idx" ON "assessments" USING btree ("status","job_province_id","fathername_key","id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_partner_idx" ON "assessments" USING btree ("status","job_province_id","partner_key","id");
