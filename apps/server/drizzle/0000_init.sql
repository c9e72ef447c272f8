CREATE TABLE "assessment_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_histories_from_check" CHECK ("assessment_histories"."from_status" IS NULL OR "assessment_histories"."from_status" IN ('NEW', 'APPROVED', 'REJECTED', 'ARCHIVED')),
	CONSTRAINT "assessment_histories_to_check" CHECK ("assessment_histories"."to_status" IN ('NEW', 'APPROVED', 'REJECTED', 'ARCHIVED'))
);
--> statement-breakpoint
CREATE TABLE "assessment_priorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"priority" integer NOT NULL,
	CONSTRAINT "assessment_priorities_training_unique" UNIQUE("assessment_id","training_id"),
	CONSTRAINT "assessment_priorities_priority_check" CHECK ("assessment_priorities"."priority" IN (1, 2, 3, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_date" date NOT NULL,
	"form_no" text NOT NULL,
	"hr_id" text,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"fathername" text NOT NULL,
	"birth_year" integer NOT NULL,
	"perm_province_id" integer NOT NULL,
	"perm_district_id" integer NOT NULL,
	"perm_address" text NOT NULL,
	"job_province_id" integer NOT NULL,
	"job_district_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"job_address" text NOT NULL,
	"current_address" text NOT NULL,
	"marital_status" text NOT NULL,
	"gender" text NOT NULL,
	"department_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"education_level" text NOT NULL,
	"education_field" text NOT NULL,
	"graduated_university" text NOT NULL,
	"experience" text NOT NULL,
	"implementing_organization" text NOT NULL,
	"phone" text NOT NULL,
	"tazkira" text NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "assessments_status_check" CHECK ("assessments"."status" IN ('NEW', 'APPROVED', 'REJECTED', 'ARCHIVED')),
	CONSTRAINT "assessments_marital_status_check" CHECK ("assessments"."marital_status" IN ('single', 'married')),
	CONSTRAINT "assessments_gender_check" CHECK ("assessments"."gender" IN ('male', 'female')),
	CONSTRAINT "assessments_education_level_check" CHECK ("assessments"."education_level" IN ('No Formal Education', '12 Grade', '14 Grade', 'Bachelor', 'Master', 'PhD')),
	CONSTRAINT "assessments_experience_check" CHECK ("assessments"."experience" IN ('<1', '1-5', '5-10', '10-15', '15-20', '20>')),
	CONSTRAINT "assessments_birth_year_check" CHECK ("assessments"."birth_year" >= 1900)
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_trainings" (
	"position_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	CONSTRAINT "position_trainings_position_id_training_id_pk" PRIMARY KEY("position_id","training_id")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_dr" text NOT NULL,
	"title_pa" text NOT NULL,
	"department_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_dr" text,
	"title_pa" text,
	"training_type" text NOT NULL,
	"frequency" text NOT NULL,
	"department_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainings_type_check" CHECK ("trainings"."training_type" IN ('Initial', 'Follow-up')),
	CONSTRAINT "trainings_frequency_check" CHECK ("trainings"."frequency" IN ('one time', '6 months', '1 year', '2 years', '3 years'))
);
--> statement-breakpoint
CREATE TABLE "admin_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"code" text,
	"name_en" text NOT NULL,
	"name_fa" text,
	"name_ps" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_units_code_unique" UNIQUE("code"),
	CONSTRAINT "admin_units_type_check" CHECK ("admin_units"."type" IN ('province', 'district')),
	CONSTRAINT "admin_units_parent_check" CHECK (("admin_units"."type" = 'province' AND "admin_units"."parent_id" IS NULL) OR ("admin_units"."type" = 'district' AND "admin_units"."parent_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "health_facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"province_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"status" text DEFAULT 'Existing' NOT NULL,
	"is_her_hf" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_facilities_type_check" CHECK ("health_facilities"."type" IN ('NH', 'SH', 'RH', 'PH', 'DH', 'CHC', 'BHC', 'SHC', 'FHH', 'MHT', 'First Aid Trauma Post (FATP)', 'Infectious Disease Hospital (IDH)', 'First Aid Point (FAP)', 'Drug Addiction Treatment Hospital', 'Other')),
	CONSTRAINT "health_facilities_status_check" CHECK ("health_facilities"."status" IN ('Existing', 'Closed')),
	CONSTRAINT "health_facilities_latitude_check" CHECK ("health_facilities"."latitude" IS NULL OR "health_facilities"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "health_facilities_longitude_check" CHECK ("health_facilities"."longitude" IS NULL OR "health_facilities"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"event" text NOT NULL,
	"auditable_type" text NOT NULL,
	"auditable_id" text NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	"url" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_logs_event_check" CHECK ("audit_logs"."event" IN ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" text,
	"route" text,
	"url" text,
	"status_code" integer,
	"message" text NOT NULL,
	"stack" text,
	"user_id" integer,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name"),
	CONSTRAINT "roles_name_check" CHECK ("roles"."name" IN ('admin', 'validator', 'dataentry', 'external_viewer', 'internal_viewer'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "assessment_histories" ADD CONSTRAINT "assessment_histories_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_histories" ADD CONSTRAINT "assessment_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_priorities" ADD CONSTRAINT "assessment_priorities_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_priorities" ADD CONSTRAINT "assessment_priorities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_priorities" ADD CONSTRAINT "assessment_priorities_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_perm_province_id_admin_units_id_fk" FOREIGN KEY ("perm_province_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_perm_district_id_admin_units_id_fk" FOREIGN KEY ("perm_district_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_job_province_id_admin_units_id_fk" FOREIGN KEY ("job_province_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_job_district_id_admin_units_id_fk" FOREIGN KEY ("job_district_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_hospital_id_health_facilities_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."health_facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_trainings" ADD CONSTRAINT "position_trainings_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_trainings" ADD CONSTRAINT "position_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_units" ADD CONSTRAINT "admin_units_parent_id_admin_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_facilities" ADD CONSTRAINT "health_facilities_province_id_admin_units_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_facilities" ADD CONSTRAINT "health_facilities_district_id_admin_units_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_histories_assessment_idx" ON "assessment_histories" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_histories_user_idx" ON "assessment_histories" USING btree ("user_id","to_status");--> statement-breakpoint
CREATE INDEX "assessment_priorities_training_idx" ON "assessment_priorities" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "assessments_status_province_idx" ON "assessments" USING btree ("status","job_province_id","job_district_id","hospital_id");--> statement-breakpoint
CREATE INDEX "assessments_creator_status_idx" ON "assessments" USING btree ("created_by","status");--> statement-breakpoint
CREATE INDEX "assessments_tazkira_idx" ON "assessments" USING btree ("tazkira");--> statement-breakpoint
CREATE INDEX "position_trainings_training_idx" ON "position_trainings" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "positions_department_idx" ON "positions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "trainings_department_idx" ON "trainings" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "admin_units_parent_idx" ON "admin_units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "health_facilities_province_idx" ON "health_facilities" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "health_facilities_district_idx" ON "health_facilities" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_auditable_idx" ON "audit_logs" USING btree ("auditable_type","auditable_id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "error_logs_created_idx" ON "error_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));