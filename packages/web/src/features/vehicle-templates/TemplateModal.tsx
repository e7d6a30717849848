import { templateCreateSchema, type TemplateCreate, type VehicleTemplate } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import { toast } from '../../notify/toast';
import { useSaveTemplate } from './api/templates-api';
import { TemplateFields, templateDefaults } from './TemplateFields';

interface TemplateModalProps {
  /** null: a new template; a template: its name, description, image and battery settings (its thresholds stay). */
  template: VehicleTemplate | null;
  opened: boolean;
  loading?: boolean;
  onClose: () => void;
  /** After a save: the list goes back to its first page (§4). */
  onSaved: () => void;
}

/** 'Add Vehicle Configuration Template' (/vehicle-template/new) and its edit twin (/vehicle-template/{id}/edit). */
export function TemplateModal({ template, opened, loading, onClose, onSaved }: TemplateModalProps) {
  const { t } = useTranslation('vehicle-templates');
  const save = useSaveTemplate();
  const submit = async (values: TemplateCreate) => {
    await save.mutateAsync(template ? { ...values, id: template.id } : values);
    toast.success(template ? t('toast.updated') : t('toast.created'));
    onSaved();
    onClose();
  };

  return (
    <EntityModal
      opened={opened}
      loading={loading}
      onClose={onClose}
      title={template ? t('form.editTitle') : t('form.addTitle')}
      schema={templateCreateSchema}
      defaultValues={templateDefaults(template)}
      onSubmit={submit}
    >
      {(form) => <TemplateFields form={form} template={template} />}
    </EntityModal>
  );
}
