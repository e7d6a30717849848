import type { AlertAttribute, VehicleTemplate } from '@evfleet/domain';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ThresholdEditor } from '../../components/thresholds/ThresholdEditor';
import { ThresholdUpload } from '../../components/thresholds/ThresholdUpload';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useSaveTemplateMetric, useUploadTemplateSheet } from './api/templates-api';

interface TemplateThresholdsProps {
  template: VehicleTemplate;
  /** The thresholds as edited, saved with the rest of the form. */
  attributes: AlertAttribute[];
  onChange: (attributes: AlertAttribute[]) => void;
  readOnly: boolean;
}

/**
 * 'Configure Template' (§2, §4): the spreadsheet upload and the threshold accordion, whose
 * 'Update This Signal Only' saves one metric of the stored template at once.
 */
export function TemplateThresholds({ template, attributes, onChange, readOnly }: TemplateThresholdsProps) {
  const { t } = useTranslation('vehicle-templates');
  const domainText = useDomainText();
  const saveMetric = useSaveTemplateMetric(template.id);
  const upload = useUploadTemplateSheet(template.id);

  const saveOne = async (attribute: AlertAttribute) => {
    try {
      await saveMetric.mutateAsync(attribute);
      toast.success(t('toast.metricUpdated', { metric: domainText(attribute.displayName) }));
    } catch {
      // the HTTP client has already said why
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>{t('detail.configure')}</Title>
          {!readOnly && <ThresholdUpload send={upload} onUploaded={onChange} />}
        </Group>
        <ThresholdEditor
          value={attributes}
          onChange={onChange}
          onSaveOne={saveOne}
          savingOne={saveMetric.isPending ? saveMetric.variables.name : null}
          readOnly={readOnly}
        />
      </Stack>
    </Paper>
  );
}
