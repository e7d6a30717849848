import { Alert, Anchor, Container, Loader, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { activateAccount } from './api/account-api';
import { keyParam } from './key-param';

/** /account/activate?key= (or /account/activate/:key), §2.1: pending, then activated or failed. */
export function ActivatePage() {
  const { t } = useTranslation('account');
  const key = keyParam(useSearchParams()[0], useParams());
  const activation = useQuery({
    queryKey: ['activation', key],
    enabled: Boolean(key),
    staleTime: Infinity,
    // The page shows the outcome itself, so the call is silent.
    queryFn: () => activateAccount(key ?? '').then(() => true),
  });

  return (
    <Container size={560} py="xl">
      <Title order={2} mb="md">
        {t('activate.title')}
      </Title>
      {activation.isPending && key && <Loader size="sm" />}
      {activation.isSuccess && (
        <Alert color="green" data-testid="activation-success">
          <strong>{t('activate.success')}</strong> {t('signIn.please')}{' '}
          <Anchor component={Link} to={ROUTES.login}>
            {t('signIn.link')}
          </Anchor>
          .
        </Alert>
      )}
      {(activation.isError || !key) && (
        <Alert color="red" data-testid="activation-failure">
          <strong>{t('activate.failure')}</strong> {t('activate.registerBefore')}{' '}
          <Anchor component={Link} to={ROUTES.register}>
            {t('activate.registerLink')}
          </Anchor>{' '}
          {t('activate.registerAfter')}
        </Alert>
      )}
    </Container>
  );
}
