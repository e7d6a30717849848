ALTER TABLE "mail_outbox" ADD COLUMN "attachment_name" varchar(255);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" "bytea";