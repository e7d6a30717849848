import { TEMPLATE_MESSAGES, TEMPLATE_TEXTS, templateDeleteBlock } from '@evfleet/domain';
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { NotFound } from '../../app/shell/StatusPages';
import { toast } from '../../app/toast';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useIdParam } from '../../app/useIdParam';
import { useDeleteTemplate, useFreshTemplate } from './api/templates-api';
import type { TemplatesOutletContext } from './TemplatesPage';

const TITLE = 'Confirm delete operation';

/**
 * /vehicle-template/{id}/delete (§4): a template vehicles use says so (the server's refusal without
 * the force flag) and still offers Yes; either Yes deletes with the force flag (the vehicles keep their own thresholds and lose the template).
 */
export function TemplateDeleteDialog() {
  const id = useIdParam();
  const { onChanged, close } = useOutletContext<TemplatesOutletContext>();
  const template = useFreshTemplate(id);
  const remove = useDeleteTemplate();
  if (id === null) return <NotFound />;

  if (!template.data) {
    return (
      <Modal opened onClose={close} title={TITLE} centered>
        {template.isError ? (
          <Alert color="red">This template could not be loaded.</Alert>
        ) : (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )}
      </Modal>
    );
  }
  const { name, vehicleExist, defaultTemplate } = template.data;
  if (defaultTemplate) {
    return (
      <Modal opened onClose={close} title={TITLE} centered>
        <Alert color="orange" data-testid="delete-blocked">
          {TEMPLATE_MESSAGES.defaultLocked}
        </Alert>
      </Modal>
    );
  }

  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(TEMPLATE_TEXTS.deleted);
      onChanged();
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <ConfirmModal opened title={TITLE} busy={remove.isPending} onConfirm={confirm} onCancel={close}>
      <Text data-testid="delete-question">
        {templateDeleteBlock({ name, inUse: vehicleExist }, false)?.message ??
          `Are you sure you want to delete this Vehicle Template (${name})?`}
      </Text>
    </ConfirmModal>
  );
}
