import { saveTemplateSchema, type SaveTemplate } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import type { ModalProps } from '../../components/modal-props';
import { TextFields } from '../../components/form/TextFields';
import { toast } from '../../notify/toast';
import { useSaveTemplate } from './api/can-report-api';
import type { ReportCriteria } from './criteria-store';

interface SaveTemplateModalProps extends ModalProps {
  /** What the template keeps: the criteria with the columns shown now. */
  criteria: ReportCriteria;
}

/**
 * 'Save as template' (the spec lists POST api/canreport/saveTemplate but no control). The
 * name is required here and unique per user on the server, whose refusal shows as its toast.
 */
export function SaveTemplateModal({ criteria, ...modal }: SaveTemplateModalProps) {
  const { t } = useTranslation('report');
  const save = useSaveTemplate();
  const submit = async (template: SaveTemplate) => {
    await save.mutateAsync(template);
    toast.success(t('save.templateSaved'));
    modal.onClose();
  };
  const { columns, startDate, endDate, vehiclesIds } = criteria;
  return (
    <EntityModal
      {...modal}
      title={t('result.saveTemplate')}
      schema={saveTemplateSchema}
      defaultValues={{ templateName: '', columns, startDate, endDate, vehiclesIds }}
      onSubmit={submit}
    >
      {(form) => (
        <TextFields
          form={form}
          required
          fields={[{ name: 'templateName', label: t('saved.name'), autofocus: true, testId: 'template-name' }]}
        />
      )}
    </EntityModal>
  );
}
