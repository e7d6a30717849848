import { PEOPLE_TEXTS, passwordResetFormSchema, resetLinkFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { NEW_PASSWORD, TextFields } from '../form/TextFields';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { sendResetLink, updatePassword } from './reset-password-api';

/** Whose password is reset: a fleet, driver, dealer or super user. */
export interface ResetTarget {
  name: string;
  email: string;
}

interface ResetPasswordModalProps {
  /** null: closed. */
  target: ResetTarget | null;
  onClose: () => void;
  /** A super user's dialog shows the user's email (§2.6); the others name the person. */
  showEmail?: boolean;
}

/** §2.6: two tabs, 'Email' (send a reset link) and 'Generate Now' (set a new password). */
export function ResetPasswordModal({ target, onClose, showEmail = false }: ResetPasswordModalProps) {
  const { t } = useTranslation('components');
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('resetPassword.title')} centered size="md">
      {target && (
        <Stack gap="sm" data-testid="reset-password-modal">
          <Text size="sm" c="dimmed" data-testid="reset-target">
            {showEmail ? target.email : target.name}
          </Text>
          <Tabs defaultValue="email" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="email" data-testid="reset-tab-email">
                {t('resetPassword.emailTab')}
              </Tabs.Tab>
              <Tabs.Tab value="generate" data-testid="reset-tab-generate">
                {t('resetPassword.generateTab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="email" pt="md">
              <SendLinkForm email={target.email} />
            </Tabs.Panel>
            <Tabs.Panel value="generate" pt="md">
              <GenerateForm email={target.email} onDone={onClose} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function SendLinkForm({ email }: { email: string }) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  const form = useForm({ resolver: zodResolver(resetLinkFormSchema), defaultValues: { email } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await sendResetLink(values.email);
      toast.success(domainText(PEOPLE_TEXTS.resetLinkSent));
    } catch {
      // the HTTP client has already said why
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          flex={1}
          label={t('resetPassword.email')}
          type="email"
          autoComplete="off"
          data-testid="reset-link-email"
          error={domainText(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" mt={25} loading={isSubmitting} data-testid="reset-send-link">
          {t('resetPassword.sendLink')}
        </Button>
      </Group>
    </form>
  );
}

function GenerateForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  const form = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { newPassword: '', confirmNewPassword: '', email },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await updatePassword(values);
      toast.success(domainText(PEOPLE_TEXTS.passwordUpdated));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <input type="hidden" {...form.register('email')} />
        <TextFields
          form={form}
          fields={[
            {
              name: 'newPassword',
              label: t('resetPassword.newPassword'),
              ...NEW_PASSWORD,
              testId: 'reset-newPassword',
            },
            {
              name: 'confirmNewPassword',
              label: t('resetPassword.confirmPassword'),
              ...NEW_PASSWORD,
              testId: 'reset-confirmNewPassword',
            },
          ]}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting} data-testid="reset-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="reset-submit">
            {t('resetPassword.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
