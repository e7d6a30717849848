import { PEOPLE_TEXTS, passwordResetFormSchema, resetLinkFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../api/field-errors';
import { toast } from '../../app/toast';
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
  return (
    <Modal opened={target !== null} onClose={onClose} title="Reset Password" centered size="md">
      {target && (
        <Stack gap="sm" data-testid="reset-password-modal">
          <Text size="sm" c="dimmed" data-testid="reset-target">
            {showEmail ? target.email : target.name}
          </Text>
          <Tabs defaultValue="email" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="email" data-testid="reset-tab-email">
                Email
              </Tabs.Tab>
              <Tabs.Tab value="generate" data-testid="reset-tab-generate">
                Generate Now
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
  const form = useForm({ resolver: zodResolver(resetLinkFormSchema), defaultValues: { email } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await sendResetLink(values.email);
      toast.success(PEOPLE_TEXTS.resetLinkSent);
    } catch {
      // the HTTP client has already said why
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          flex={1}
          label="Email"
          type="email"
          autoComplete="off"
          data-testid="reset-link-email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" mt={25} loading={isSubmitting} data-testid="reset-send-link">
          Send Link
        </Button>
      </Group>
    </form>
  );
}

function GenerateForm({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { newPassword: '', confirmNewPassword: '', email },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await updatePassword(values);
      toast.success(PEOPLE_TEXTS.passwordUpdated);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <input type="hidden" {...form.register('email')} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          data-testid="reset-newPassword"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          data-testid="reset-confirmNewPassword"
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting} data-testid="reset-cancel">
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="reset-submit">
            Reset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
