import type { ApiKeyCreated } from '@evfleet/domain';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface KeyCreatedModalProps {
  /** The key just made, or null when none is to be shown. */
  created: ApiKeyCreated | null;
  onClose: () => void;
}

/** The whole key, shown once: the server keeps only its hash, so this dialog is the only chance to copy it. */
export function KeyCreatedModal({ created, onClose }: KeyCreatedModalProps) {
  const { t } = useTranslation('api-keys');
  return (
    // A stray click beside the dialog must not lose the key: it closes by its button or its ×.
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('created.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="md" data-testid="api-key-created">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="api-key-warning">
            {t('created.warning')}
          </Alert>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block flex={1} style={{ wordBreak: 'break-all' }} data-testid="api-key-secret">
              {created.key}
            </Code>
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'green' : undefined} onClick={copy} data-testid="api-key-copy">
                  {copied ? t('created.copied') : t('created.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="api-key-created-close">
              {t('created.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
