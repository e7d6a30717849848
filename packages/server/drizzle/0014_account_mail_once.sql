-- Unsent copies of the same account mail to one address: the newest is kept, so the unique index below can be made.
DELETE FROM "mail_outbox" a USING "mail_outbox" b
WHERE a.sent_at IS NULL AND b.sent_at IS NULL AND a.recipient = b.recipient AND a.kind = b.kind AND a.id < b.id
  AND a.kind IN ('activation', 'password-reset', 'account-created', 'registration-attempt');--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_account_unsent_uq" ON "mail_outbox" USING btree ("recipient","kind") WHERE sent_at is null and kind in ('activation', 'password-reset', 'account-created', 'registration-attempt');
