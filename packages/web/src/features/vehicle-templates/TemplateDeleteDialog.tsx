import { templateDeleteBlock } from '@evfleet/domain';
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { ConfirmModal } from '../../components/ConfirmModal';
import { deleteThen } from '../../components/delete/delete-then';
import { useIdParam } from '../../routing/useIdParam';
import { useDeleteTemplate, useFreshTemplate } from './api/templates-api';
import type { TemplatesOutletContext } from './TemplatesPage';

/**
 * /vehicle-template/{id}/delete (§4): a template vehicles use says so (the server's refusal without
 * the force flag) and still offers Yes; either Yes deletes with the force flag (the vehicles keep their own thresholds and lose the template).
 */
export function TemplateDeleteDialog() {
  const { t } = useTranslation('vehicle-templates');
  const id = useIdParam();
  const { onChanged, close } = useOutletContext<TemplatesOutletContext>();
  const template = useFreshTemplate(id);
  const remove = useDeleteTemplate();
  if (id === null) return <NotFound />;

  if (!template.data) {
    return (
      <Modal opened onClose={close} title={t('delete.title')} centered>
        {template.isError ? (
          <Alert color="red">{t('detail.loadFailed')}</Alert>
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
      <Modal opened onClose={close} title={t('delete.title')} centered>
        <Alert color="orange" data-testid="delete-blocked">
          {t('delete.locked')}
        </Alert>
      </Modal>
    );
  }

  const deleted = () => {
    onChanged();
    close();
  };
  const confirm = () => deleteThen(() => remove.mutateAsync(id), t('toast.deleted'), deleted);

  return (
    <ConfirmModal opened title={t('delete.title')} busy={remove.isPending} onConfirm={confirm} onCancel={close}>
      <Text data-testid="delete-question">
        {templateDeleteBlock({ name, inUse: vehicleExist }, false)
          ? t('delete.inUse', { name })
          : t('delete.question', { name })}
      </Text>
    </ConfirmModal>
  );
}
