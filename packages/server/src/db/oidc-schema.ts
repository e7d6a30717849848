import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant } from './columns.js';
import { appUser } from './schema.js';

/**
 * Single sign-on (docs/integrations.md): a sign-in under way at the provider, by its `state`, with
 * the PKCE verifier and nonce its return is checked with. Kept in the database, so the provider may
 * return the browser to any instance.
 */
export const oidcLogin = pgTable('oidc_login', {
  state: varchar('state', { length: 64 }).primaryKey(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  createdAt: createdAt(),
});

/**
 * A signed-in account handed to the web app: the one-time code (only its SHA-256 is kept) the app
 * exchanges for its token within a minute, and where the provider's session ends at sign-out.
 */
export const oidcHandoff = pgTable('oidc_handoff', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: belongsTo('user_id', () => appUser.id),
  endSessionUrl: text('end_session_url'),
  expiresAt: instant('expires_at').notNull(),
});
