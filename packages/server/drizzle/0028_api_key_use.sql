-- Each API key's requests in its current second, shared by every instance (docs/integrations.md,
-- "API keys"). Unlogged: a count is written at each request without waiting for the WAL, and a
-- crash that empties it only restarts the seconds being counted.
CREATE UNLOGGED TABLE "api_key_use" (
	"key_id" integer PRIMARY KEY NOT NULL REFERENCES "api_key"("id") ON DELETE cascade,
	"epoch_second" bigint NOT NULL,
	"requests" integer NOT NULL
);
