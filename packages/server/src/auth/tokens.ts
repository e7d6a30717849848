import { roleSchema, type Role } from '@evfleet/domain';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

export interface AuthUser {
  id: number;
  login: string;
  authorities: Role[];
}

const claimsSchema = z.object({ sub: z.string(), uid: z.number().int(), auth: z.array(roleSchema) });

export function createTokens(secret: string, validity: { normal: number; rememberMe: number }) {
  const sign = (expiresInSeconds: number) => createSigner({ key: secret, algorithm: 'HS512', expiresIn: expiresInSeconds * 1000 });
  const signNormal = sign(validity.normal);
  const signRemembered = sign(validity.rememberMe);
  // The cache skips the HMAC for tokens seen recently; expiry is still checked on every hit.
  const verifier = createVerifier({ key: secret, algorithms: ['HS512'], cache: 10_000 });

  return {
    issue(user: AuthUser, rememberMe: boolean): string {
      return (rememberMe ? signRemembered : signNormal)({ sub: user.login, uid: user.id, auth: user.authorities });
    },
    /** The user a bearer token stands for, or null when it is missing, expired or forged. */
    verify(token: string): AuthUser | null {
      try {
        const claims = claimsSchema.parse(verifier(token));
        return { id: claims.uid, login: claims.sub, authorities: claims.auth };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
