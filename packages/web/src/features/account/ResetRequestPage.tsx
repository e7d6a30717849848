import { ACCOUNT_TEXTS, resetRequestFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { ROUTES } from '../../app/routes';
import { requestPasswordReset } from './api/account-api';

/** /account/reset/request (§2.1). */
export function ResetRequestPage() {
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
        Reset your password
      </Title>
      {sent ? (
        <Alert color="green" data-testid="reset-request-success">
          {ACCOUNT_TEXTS.resetRequested}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter the email address you used to register.</Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              data-testid="reset-email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <Button
              type="submit"
              loading={formState.isSubmitting}
              disabled={formState.isSubmitting}
              data-testid="reset-request-submit"
            >
              Reset password
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={ROUTES.login} size="sm" mt="md" display="block" data-testid="back-to-login">
        Back to Login?
      </Anchor>
    </Container>
  );
}
