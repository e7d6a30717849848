import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/telemetry-schema.ts',
    './src/db/reports-schema.ts',
    './src/db/admin-schema.ts',
    './src/db/tracker-schema.ts',
    './src/db/zones-schema.ts',
    './src/db/api-keys-schema.ts',
    './src/db/webhooks-schema.ts',
    './src/db/oidc-schema.ts',
    './src/db/push-schema.ts',
    './src/db/history-schema.ts',
  ],
  out: './drizzle',
});
