import { saveTemplateSchema, type SaveTemplate } from '@evfleet/domain';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useSaveTemplate } from './api/can-report-api';
import type { ReportCriteria } from './criteria-store';

interface SaveTemplateModalProps {
  opened: boolean;
  /** What the template keeps: the criteria with the columns shown now. */
  criteria: ReportCriteria;
  onClose: () => void;
}

/**
 * 'Save as template' (the spec lists POST api/canreport/saveTemplate but no control). The
 * name is required here and unique per user on the server, whose refusal shows as its toast.
 */
export function SaveTemplateModal({ opened, criteria, onClose }: SaveTemplateModalProps) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const save = useSaveTemplate();
  const submit = async (template: SaveTemplate) => {
    await save.mutateAsync(template);
    toast.success(t('save.templateSaved'));
    onClose();
  };
  const { columns, startDate, endDate, vehiclesIds } = criteria;
  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={t('result.saveTemplate')}
      schema={saveTemplateSchema}
      defaultValues={{ templateName: '', columns, startDate, endDate, vehiclesIds }}
      onSubmit={submit}
    >
      {({ register, formState: { errors } }) => (
        <TextInput
          label={t('saved.name')}
          withAsterisk
          data-autofocus
          data-testid="template-name"
          error={domainText(errors.templateName?.message)}
          {...register('templateName')}
        />
      )}
    </EntityModal>
  );
}
