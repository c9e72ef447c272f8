-- Issue 12: caches drop only what a write touched, and clients carry a mark of what they wrote.
-- Marks are numbered from this sequence (apps/server/src/db/changes.ts, MARK_SQL).
CREATE SEQUENCE IF NOT EXISTS tna_change_seq;
--> statement-breakpoint
-- One topic per reference table instead of one `reference` topic for all of them.
DROP TRIGGER IF EXISTS admin_units_notify_change ON admin_units;
--> statement-breakpoint
CREATE TRIGGER admin_units_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_units
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('units');
--> statement-breakpoint
DROP TRIGGER IF EXISTS health_facilities_notify_change ON health_facilities;
--> statement-breakpoint
CREATE TRIGGER health_facilities_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON health_facilities
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('facilities');
--> statement-breakpoint
DROP TRIGGER IF EXISTS departments_notify_change ON departments;
--> statement-breakpoint
CREATE TRIGGER departments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('departments');
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_notify_change ON positions;
--> statement-breakpoint
CREATE TRIGGER positions_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('positions');
--> statement-breakpoint
DROP TRIGGER IF EXISTS position_trainings_notify_change ON position_trainings;
--> statement-breakpoint
CREATE TRIGGER position_trainings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON position_trainings
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('positions');
--> statement-breakpoint
DROP TRIGGER IF EXISTS trainings_notify_change ON trainings;
--> statement-breakpoint
CREATE TRIGGER trainings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trainings
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_change('trainings');
