ALTER TABLE "account_requests" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_requests" ADD CONSTRAINT "account_requests_language_check" CHECK ("account_requests"."language" IN ('en', 'ps', 'fa'));--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_language_check" CHECK ("password_resets"."language" IN ('en', 'ps', 'fa'));