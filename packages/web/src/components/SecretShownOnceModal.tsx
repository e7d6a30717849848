import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SecretShownOnceModalProps {
  /** The secret just made, or null when none is to be shown. */
  secret: string | null;
  title: string;
  /** Why to copy it now: it is not shown again. */
  warning: string;
  /** The button that closes the dialog, saying the secret is copied. */
  doneLabel: string;
  /** The start of the dialog's test ids: '<testId>-secret', '<testId>-copy', ... */
  testId: string;
  onClose: () => void;
}

/**
 * A secret the server answers once (an API key, a webhook's signing secret): it keeps only a hash or
 * never shows it again, so this dialog is the only chance to copy it.
 */
export function SecretShownOnceModal({
  secret,
  title,
  warning,
  doneLabel,
  testId,
  onClose,
}: SecretShownOnceModalProps) {
  const { t } = useTranslation('components');
  return (
    // A stray click beside the dialog must not lose the secret: it closes by its button or its ×.
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg" closeOnClickOutside={false}>
      {secret !== null && (
        <Stack gap="md" data-testid={`${testId}-created`}>
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid={`${testId}-warning`}>
            {warning}
          </Alert>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block flex={1} style={{ wordBreak: 'break-all' }} data-testid={`${testId}-secret`}>
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                  data-testid={`${testId}-copy`}
                >
                  {copied ? t('secret.copied') : t('secret.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid={`${testId}-created-close`}>
              {doneLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
