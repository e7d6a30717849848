import { PREFERENCES, type PreferenceKey } from '@evfleet/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { userPreference } from '../../db/schema.js';
import { fieldErrors } from '../../http/errors.js';

/** The caller's own screen preferences; a key never saved answers its default (domain/preferences.ts). */
export function createPreferencesService({ db }: { db: Db }) {
  const read = async (userId: number, key: PreferenceKey) => {
    const [row] = await db
      .select({ value: userPreference.value })
      .from(userPreference)
      .where(and(eq(userPreference.userId, userId), eq(userPreference.key, key)));
    // A stored value is re-read through today's schema, so a tile added later takes its default.
    const parsed = row ? PREFERENCES[key].schema.safeParse(row.value) : null;
    return { key, value: parsed?.success ? parsed.data : PREFERENCES[key].default };
  };

  return {
    get: (by: AuthUser, key: PreferenceKey) => read(by.id, key),

    async put(by: AuthUser, key: PreferenceKey, value: unknown) {
      const parsed = PREFERENCES[key].schema.safeParse(value);
      if (!parsed.success) {
        throw fieldErrors(
          'preference',
          Object.fromEntries(parsed.error.issues.map((i) => [['value', ...i.path].join('.'), i.message])),
        );
      }
      await db
        .insert(userPreference)
        .values({ userId: by.id, key, value: parsed.data })
        .onConflictDoUpdate({
          target: [userPreference.userId, userPreference.key],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
      return { key, value: parsed.data };
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
