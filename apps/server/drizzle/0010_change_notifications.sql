-- Tell every server instance when what it may cache has changed (apps/server/src/db/changes.ts):
-- one NOTIFY per statement, with the topic as payload; PostgreSQL delivers it on commit, once per
-- transaction and topic. New sessions notify nothing: no cache holds a session before it exists.
CREATE FUNCTION tna_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tna_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER roles_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER assessments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('assessments');
--> statement-breakpoint
CREATE TRIGGER assessment_priorities_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assessment_priorities
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('assessments');
--> statement-breakpoint
CREATE TRIGGER assessment_histories_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assessment_histories
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('assessments');
--> statement-breakpoint
CREATE TRIGGER admin_units_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_units
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
--> statement-breakpoint
CREATE TRIGGER health_facilities_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON health_facilities
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
--> statement-breakpoint
CREATE TRIGGER departments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
--> statement-breakpoint
CREATE TRIGGER positions_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
--> statement-breakpoint
CREATE TRIGGER trainings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trainings
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
--> statement-breakpoint
CREATE TRIGGER position_trainings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON position_trainings
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('reference');
