import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../ConfirmModal';

interface DeleteDialogProps {
  /** The record is still loading: its delete guards are not known yet. */
  loading: boolean;
  /**
   * A refusal from the delete guards (§4, §8): shown instead of the question, with no way to delete.
   * Several sentences show as paragraphs, each ending with its full stop.
   */
  blocked?: string | readonly string[] | null;
  /** The question (or warning) before deleting. */
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The delete dialog of the people screens: wait for the record, then refuse or ask. */
export function DeleteDialog({ loading, blocked, question, busy, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation('components');
  const title = t('delete.title');
  if (loading) {
    return (
      <Modal opened onClose={onClose} title={title} centered>
        <Center py="md">
          <Loader size="sm" />
        </Center>
      </Modal>
    );
  }
  if (blocked) {
    return (
      <Modal opened onClose={onClose} title={title} centered>
        <Alert color="orange" data-testid="delete-blocked">
          {typeof blocked === 'string' ? (
            blocked
          ) : (
            <Stack gap="xs">
              {blocked.map((sentence) => (
                <Text key={sentence} size="sm">
                  {/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}
                </Text>
              ))}
            </Stack>
          )}
        </Alert>
        <Group justify="flex-end" mt="lg">
          <Button onClick={onClose} data-autofocus data-testid="delete-blocked-close">
            {t('delete.close')}
          </Button>
        </Group>
      </Modal>
    );
  }
  return (
    <ConfirmModal opened title={title} busy={busy} onConfirm={onConfirm} onCancel={onClose}>
      <Text data-testid="delete-question">{question}</Text>
    </ConfirmModal>
  );
}
