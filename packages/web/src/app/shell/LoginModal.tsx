import { Alert, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SignInChoices } from '../../features/account';
import { translate } from '../../i18n';
import type { FromState } from '../../routing/from-state';
import { ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';

/**
 * §2.1: the login form as a modal, over a private page whose session has ended. Signing in keeps
 * the user where they were (it says why the session ended); closing it goes to the login page,
 * which brings them back later. With an OpenID provider its button is offered too, and the
 * provider's return lands after sign-in as the /login page's does.
 */
export function LoginModal() {
  const { t } = useTranslation('app');
  const { showModalLogin, redirectMessage } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => {
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    navigate(ROUTES.login, { state, replace: true });
  };
  return (
    <Modal opened={showModalLogin} onClose={close} title={t('login.title')} centered>
      <div data-testid="login-modal">
        {redirectMessage && (
          <Alert color="yellow" mb="sm" data-testid="login-reason">
            {translate(redirectMessage)}
          </Alert>
        )}
        <SignInChoices />
      </div>
    </Modal>
  );
}
