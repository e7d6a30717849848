import { resetRequestFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useDomainText } from '../../i18n/useDomainText';
import { ROUTES } from '../../routing/routes';
import { requestPasswordReset } from './api/account-api';

/** /account/reset/request (§2.1). */
export function ResetRequestPage() {
  const { t } = useTranslation('account');
  const domainText = useDomainText();
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(resetRequestFormSchema), defaultValues: { email: '' } });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <Container size={480} py="xl">
      <Title order={2} mb="md">
        {t('resetRequest.title')}
      </Title>
      {sent ? (
        <Alert color="green" data-testid="reset-request-success">
          {t('resetRequest.sent')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('resetRequest.intro')}</Text>
            <TextInput
              label={t('field.email')}
              type="email"
              autoComplete="email"
              data-testid="reset-email"
              error={domainText(formState.errors.email?.message)}
              {...register('email')}
            />
            <Button
              type="submit"
              loading={formState.isSubmitting}
              disabled={formState.isSubmitting}
              data-testid="reset-request-submit"
            >
              {t('resetPassword')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={ROUTES.login} size="sm" mt="md" display="block" data-testid="back-to-login">
        {t('resetRequest.backToLogin')}
      </Anchor>
    </Container>
  );
}
