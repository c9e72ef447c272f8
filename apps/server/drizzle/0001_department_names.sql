ALTER TABLE "departments" ADD COLUMN "name_dr" text;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "name_pa" text;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_unique" ON "departments" USING btree (lower("name"));