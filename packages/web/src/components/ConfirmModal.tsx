import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: the buttons wait for it. */
  busy?: boolean;
  confirmColor?: string;
}

/** A yes/no question before a destructive action; the spec's dialogs mostly say Yes and No. */
export function ConfirmModal({
  opened,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  busy = false,
  confirmColor = 'red',
}: ConfirmModalProps) {
  const { t } = useTranslation('components');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <div data-testid="confirm-modal">
        {children}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel} disabled={busy} data-testid="confirm-no">
            {cancelLabel ?? t('confirm.no')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy} data-autofocus data-testid="confirm-yes">
            {confirmLabel ?? t('confirm.yes')}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
