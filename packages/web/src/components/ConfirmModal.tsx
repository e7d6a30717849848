import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

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
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busy = false,
  confirmColor = 'red',
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <div data-testid="confirm-modal">
        {children}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel} disabled={busy} data-testid="confirm-no">
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy} data-autofocus data-testid="confirm-yes">
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
