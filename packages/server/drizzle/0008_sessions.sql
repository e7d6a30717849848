ALTER TABLE "app_user" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "staff" boolean DEFAULT false NOT NULL;