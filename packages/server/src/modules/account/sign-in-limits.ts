import { ACCOUNT_TEXTS, fillText } from '@evfleet/domain';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { passwordMatches } from '../../auth/passwords.js';
import { tooManyRequests } from '../../http/errors.js';

const holdOff = (wait: number | null) => {
  if (wait !== null) throw tooManyRequests(fillText(ACCOUNT_TEXTS.tooManyAttempts, { seconds: wait }), wait);
};

/** The sign-in limits as the account's calls meet them (docs/security.md, "Sign-in"). */
export function signInLimits(throttle: LoginThrottle) {
  return {
    /** Counts the client's attempt; refused past the client's rate. */
    rateLimited: async (client: string) => holdOff(await throttle.attempt(client)),

    /**
     * Whether the password is the account's, checked under the sign-in limits wherever a password is
     * checked: the client's rate first, then the account's failures from that client. `account` is
     * the login when the account exists, so failures by login and by e-mail count together;
     * `accepted` false counts a right password of an account refused anyway.
     */
    async checkPassword(account: string, client: string, hash: string, password: string, accepted = true) {
      holdOff(await throttle.lockedFor(account, client));
      const ok = (await passwordMatches(hash, password)) && accepted;
      if (ok) await throttle.succeeded(account, client);
      else await throttle.failed(account, client);
      return ok;
    },
  };
}
