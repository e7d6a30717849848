import type { ApiKeyCreate, ApiKeyCreated } from '@evfleet/domain';
import { newApiKey } from '../../auth/api-keys.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { apiKeysRepository as repo } from './api-keys.repository.js';
import { toApiKey } from './api-keys.presenter.js';

/**
 * API keys (docs/integrations.md): every signed-in person makes and revokes their own; administrators
 * list and revoke every key. A key is shown once, at its creation; only its hash is kept.
 */
export function createApiKeysService({ db }: { db: Db }) {
  const owned = (by: AuthUser) => (by.authorities.includes('ROLE_ADMIN') ? undefined : repo.ownedBy(by.id));

  return {
    list: async (by: AuthUser) => (await repo.list(db, owned(by))).map(toApiKey),

    async create(by: AuthUser, input: ApiKeyCreate): Promise<ApiKeyCreated> {
      const { key, keyHash, shown } = newApiKey();
      const id = await repo.insert(db, {
        userId: by.id,
        name: input.name,
        shown,
        keyHash,
        scopes: input.scopes,
        expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
      });
      return { ...toApiKey((await repo.one(db, id, undefined))!), key };
    },

    /** Revokes a key at once: it is deleted, so its next call fails on every instance. */
    async revoke(by: AuthUser, id: number) {
      if (!(await repo.delete(db, id, owned(by)))) throw notFound('The API key');
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
