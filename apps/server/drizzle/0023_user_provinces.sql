CREATE TABLE "user_provinces" (
	"user_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	CONSTRAINT "user_provinces_user_id_province_id_pk" PRIMARY KEY("user_id","province_id")
);
--> statement-breakpoint
ALTER TABLE "user_provinces" ADD CONSTRAINT "user_provinces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_provinces" ADD CONSTRAINT "user_provinces_province_id_admin_units_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."admin_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_provinces_province_idx" ON "user_provinces" USING btree ("province_id");--> statement-breakpoint
-- A user's provinces are part of the signed-in user every instance keeps (the auth topic, see 0010).
CREATE TRIGGER user_provinces_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_provinces
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('auth');
