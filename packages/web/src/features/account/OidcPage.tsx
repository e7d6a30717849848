import { OIDC_ERRORS, type OidcError } from '@evfleet/domain';
import { Alert, Anchor, Container, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/http';
import { AFTER_LOGIN, ROUTES } from '../../routing/routes';
import { signInWithCode } from './api/oidc-api';

const isOidcError = (value: string | null): value is OidcError => OIDC_ERRORS.some((error) => error === value);

/** Why a code did not sign in: the server refuses a used or late code (401); anything else failed. */
const errorOf = (error: unknown): OidcError =>
  error instanceof HttpError && error.call.status === 401 ? 'expired' : 'failed';

/**
 * /oidc (docs/integrations.md): where the OpenID provider's return lands, with a one-time code to
 * exchange for the token, or with why the sign-in did not succeed.
 */
export function OidcPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const code = params.get('code');
  const given = params.get('error');
  // A query, not an effect: a code works once, and React's double start in development shares it.
  const signIn = useQuery({
    queryKey: ['oidc-sign-in', code],
    queryFn: () => signInWithCode(code!),
    enabled: code !== null && given === null,
    retry: false,
    staleTime: Infinity,
  });

  if (signIn.data) return <Navigate to={AFTER_LOGIN} replace />;
  const error: OidcError | null = isOidcError(given)
    ? given
    : given !== null || code === null || signIn.data === false
      ? 'failed'
      : signIn.isError
        ? errorOf(signIn.error)
        : null;

  return (
    <Container size={520} py={48}>
      {error ? (
        <Alert color="red" title={t('oidc.failed')} data-testid="oidc-error" data-error={error}>
          <Text size="sm" mb="sm">
            {t(`oidc.error.${error}`)}
          </Text>
          <Anchor component={Link} to={ROUTES.login} size="sm" data-testid="oidc-back">
            {t('oidc.backToLogin')}
          </Anchor>
        </Alert>
      ) : (
        <Group justify="center" data-testid="oidc-signing-in">
          <Loader size="sm" />
          <Text>{t('oidc.signingIn')}</Text>
        </Group>
      )}
    </Container>
  );
}
