import { roleSchema, type Role } from '@evfleet/domain';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

export interface AuthUser {
  id: number;
  login: string;
  authorities: Role[];
}

/** What a token says: the user as it was at sign-in and the session version it was issued at (auth/sessions.ts). */
export interface TokenClaims extends AuthUser {
  sessionVersion: number;
}

const claimsSchema = z.object({
  sub: z.string(),
  uid: z.number().int(),
  auth: z.array(roleSchema),
  sv: z.number().int(),
});

export function createTokens(secret: string, validity: { normal: number; rememberMe: number }) {
  const sign = (expiresInSeconds: number) =>
    createSigner({ key: secret, algorithm: 'HS512', expiresIn: expiresInSeconds * 1000 });
  const signNormal = sign(validity.normal);
  const signRemembered = sign(validity.rememberMe);
  // The cache skips the HMAC for tokens seen recently; expiry is still checked on every hit.
  const verifier = createVerifier({ key: secret, algorithms: ['HS512'], cache: 10_000 });

  return {
    issue(user: TokenClaims, rememberMe: boolean): string {
      return (rememberMe ? signRemembered : signNormal)({
        sub: user.login,
        uid: user.id,
        auth: user.authorities,
        sv: user.sessionVersion,
      });
    },
    /** What a bearer token says, or null when it is expired or forged; whether its session stands is auth/sessions.ts's. */
    verify(token: string): TokenClaims | null {
      try {
        const claims = claimsSchema.parse(verifier(token));
        return { id: claims.uid, login: claims.sub, authorities: claims.auth, sessionVersion: claims.sv };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
