import { CAN_REPORT_TEXTS, saveTemplateSchema, type SaveTemplate } from '@evfleet/domain';
import { TextInput } from '@mantine/core';
import { toast } from '../../app/toast';
import { EntityModal } from '../../components/EntityModal';
import { useSaveTemplate } from './api/can-report-api';
import type { ReportCriteria } from './criteria-store';

interface SaveTemplateModalProps {
  opened: boolean;
  /** What the template keeps: the criteria with the columns shown now. */
  criteria: ReportCriteria;
  onClose: () => void;
}

/**
 * 'Save as template' (issue 7: the spec lists POST api/canreport/saveTemplate but no control). The
 * name is required here and unique per user on the server, whose refusal shows as its toast.
 */
export function SaveTemplateModal({ opened, criteria, onClose }: SaveTemplateModalProps) {
  const save = useSaveTemplate();
  const submit = async (template: SaveTemplate) => {
    await save.mutateAsync(template);
    toast.success(CAN_REPORT_TEXTS.templateSaved);
    onClose();
  };
  const { columns, startDate, endDate, vehiclesIds } = criteria;
  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title="Save as template"
      schema={saveTemplateSchema}
      defaultValues={{ templateName: '', columns, startDate, endDate, vehiclesIds }}
      onSubmit={submit}
    >
      {({ register, formState: { errors } }) => (
        <TextInput
          label="Template Name"
          withAsterisk
          data-autofocus
          data-testid="template-name"
          error={errors.templateName?.message}
          {...register('templateName')}
        />
      )}
    </EntityModal>
  );
}
