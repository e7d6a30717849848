import type { AccountSettings, RegisterRequest } from '@evfleet/domain';
import i18next from 'i18next';
import { bodyMessage, http } from '../../../api/http';
import { replaceToken } from '../../../api/auth-storage';

/** GET api/activate?key. With toastFailure the failure toast is the server's message or §8's text. */
export async function activateAccount(key: string, { toastFailure = false } = {}): Promise<void> {
  await http.get('api/activate', {
    query: { key },
    silent: !toastFailure,
    errorMessage: (call) => bodyMessage(call.body) ?? i18next.t('activate.failed', { ns: 'account' }),
  });
}

export async function registerAccount(request: RegisterRequest): Promise<void> {
  await http.post('api/register', request);
}

/** Always answers 200, so the page cannot tell whether the address is known (no account probing). */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('api/account/reset-password/init', undefined, { query: { mail: email } });
}

export async function finishPasswordReset(key: string, newPassword: string): Promise<void> {
  await http.post('api/account/reset-password/finish', { key, newPassword });
}

/**
 * §8: this call supplies its own failure message instead of the generic rules. A new password ends
 * every session of the account, this one too, so the answer's fresh token replaces the old one.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { data } = await http.post<{ id_token: string }>(
    'api/account/change-password',
    { currentPassword, newPassword },
    // Its page has the account catalogue loaded, so the failure speaks the page's language.
    { errorMessage: i18next.t('password.failed', { ns: 'account' }) },
  );
  replaceToken(data.id_token);
}

export async function saveAccountSettings(settings: AccountSettings): Promise<void> {
  await http.post('api/account', settings);
}
