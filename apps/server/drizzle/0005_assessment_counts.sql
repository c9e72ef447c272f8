CREATE TABLE "assessment_counts" (
	"status" text NOT NULL,
	"job_province_id" integer NOT NULL,
	"job_district_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "assessment_counts_status_job_province_id_job_district_id_hospital_id_department_id_pk" PRIMARY KEY("status","job_province_id","job_district_id","hospital_id","department_id")
);
