CREATE TABLE "assessment_tallies" (
	"status" text NOT NULL,
	"province_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "assessment_tallies_status_province_id_district_id_hospital_id_department_id_pk" PRIMARY KEY("status","province_id","district_id","hospital_id","department_id")
);
