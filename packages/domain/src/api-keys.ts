import { z } from 'zod';

/**
 * API keys for machines (docs/integrations.md): a key acts as its owner with at most its scopes.
 * `read`: GET calls; `write`: every call the owner may make; `telemetry`: the HTTP readings route for
 * the owner's vehicles, as HTTP Basic with the VIN and the key.
 */
export const API_KEY_SCOPES = ['read', 'write', 'telemetry'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What every key begins with, so a bearer token tells a key from a session at a glance. */
export const API_KEY_PREFIX = 'evk_';

export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Requests a key may make in a second, on one instance (429 beyond). */
  requestsPerSecond: 100,
  /** Characters of a key kept in the clear to tell keys apart in a list. */
  shownChars: 12,
} as const;

export const API_KEY_MESSAGES = {
  name: 'can not be empty',
  scopes: `must name at least one of ${API_KEY_SCOPES.join(', ')}, each once`,
  expiresAt: 'must be a time in the future (ISO 8601), or null for a key that never expires',
} as const;
const M = API_KEY_MESSAGES;

/** POST api/api-keys. */
export const apiKeyCreateSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(API_KEY_LIMITS.nameMax),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: M.scopes }), { error: M.scopes })
    .min(1, M.scopes)
    .refine((s) => new Set(s).size === s.length, M.scopes),
  expiresAt: z
    .string({ error: M.expiresAt })
    .refine((v) => !Number.isNaN(Date.parse(v)) && Date.parse(v) > Date.now(), M.expiresAt)
    .nullish()
    .transform((v) => v ?? null),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as listed: never the key itself, which only its creation answers. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  shown: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The owner's login: administrators list every key. */
  owner: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST api/api-keys answers the key once, with what the list shows. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
