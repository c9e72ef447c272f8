CREATE TABLE "import_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"file_name" text NOT NULL,
	"language" text NOT NULL,
	"summary" jsonb NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_reports_kind_check" CHECK ("import_reports"."kind" IN ('facilities', 'users', 'assessments')),
	CONSTRAINT "import_reports_mode_check" CHECK ("import_reports"."mode" IN ('check', 'confirm')),
	CONSTRAINT "import_reports_size_check" CHECK (octet_length("import_reports"."content") < 64 * 1024 * 1024)
);
--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_reports_created_idx" ON "import_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "assessments_form_no_key_idx" ON "assessments" USING btree (lower(translate("form_no", '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩', '01234567890123456789')));