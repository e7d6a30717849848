import {
  alertAttributesSchema,
  templateCreateSchema,
  type AlertAttribute,
  type TemplateCreate,
  type VehicleTemplate,
} from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../session/useCan';
import { applyServerFieldErrors } from '../../api/field-errors';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { toast } from '../../notify/toast';
import { useIdParam } from '../../routing/useIdParam';
import { ThresholdEditor } from '../../components/thresholds/ThresholdEditor';
import { ThresholdUpload } from '../../components/thresholds/ThresholdUpload';
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { useDomainText } from '../../i18n/useDomainText';
import { useSaveTemplate, useSaveTemplateMetric, useTemplate, useUploadTemplateSheet } from './api/templates-api';
import { TemplateFields, templateDefaults, type TemplateForm, type TemplateInput } from './TemplateFields';

/** /vehicle-template/{id}: 'Vehicle Configuration Template Details'. */
export function TemplateDetailPage() {
  const { t } = useTranslation('vehicle-templates');
  const id = useIdParam();
  const template = useTemplate(id);
  if (id === null) return <NotFound />;
  if (template.isError)
    return (
      <Alert color="red" m="md">
        {t('detail.loadFailed')}
      </Alert>
    );
  if (!template.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  // Keyed by id: another template starts a fresh form.
  return <TemplateDetailForm key={template.data.id} template={template.data} />;
}

/**
 * The template's image, name and description, and 'Configure Template': the spreadsheet upload and the
 * threshold accordion (§2, §4). Save updates it all and returns to the list; 'Update This Signal Only'
 * saves one metric of the stored template at once. A built-in template, or a reader who may not
 * change templates, sees it read-only.
 */
function TemplateDetailForm({ template }: { template: VehicleTemplate }) {
  const { t } = useTranslation('vehicle-templates');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const saveMetric = useSaveTemplateMetric(template.id);
  const upload = useUploadTemplateSheet(template.id);
  const writer = useCan('templates');
  const readOnly = template.defaultTemplate || !writer;
  // §4 "Template detail": with no attributes of its own the template shows the defaults (the server fills them in).
  const [attributes, setAttributes] = useState<AlertAttribute[]>(template.attributes);
  const form: TemplateForm = useForm<TemplateInput, unknown, TemplateCreate>({
    resolver: zodResolver(templateCreateSchema),
    defaultValues: templateDefaults(template),
    // useFocusFirstError does it, for the server's field errors too.
    shouldFocusError: false,
  });
  const { isSubmitting, isDirty } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  // §4: editing a threshold marks the template as changed (until Save).
  const thresholdsChanged = useMemo(
    () => JSON.stringify(attributes) !== JSON.stringify(template.attributes),
    [attributes, template.attributes],
  );
  const changed = isDirty || thresholdsChanged;
  const backToList = () => navigate(ROUTES.vehicleTemplate);

  const submit = form.handleSubmit(async (values) => {
    const checked = alertAttributesSchema.safeParse(attributes);
    if (!checked.success) return void toast.error(domainText(checked.error.issues[0].message));
    try {
      await save.mutateAsync({ ...values, id: template.id, attributes });
      toast.success(t('toast.updated'));
      backToList();
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  const saveOne = async (attribute: AlertAttribute) => {
    try {
      await saveMetric.mutateAsync(attribute);
      toast.success(t('toast.metricUpdated', { metric: domainText(attribute.displayName) }));
    } catch {
      // the HTTP client has already said why
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md" p="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} data-testid="detail-title">
              {t('detail.title')}
            </Title>
            {template.defaultTemplate && <Badge variant="light">{t('detail.default')}</Badge>}
            {changed && (
              <Badge color="orange" variant="light" data-testid="template-changed">
                {t('detail.changed')}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={backToList} disabled={isSubmitting} data-testid="template-cancel">
              {readOnly ? t('detail.back') : t('detail.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={isSubmitting} data-testid="template-save">
                {t('detail.save')}
              </Button>
            )}
          </Group>
        </Group>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TemplateFields form={form} template={template} readOnly={readOnly} />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <Title order={4}>{t('detail.configure')}</Title>
              {!readOnly && <ThresholdUpload send={upload} onUploaded={setAttributes} />}
            </Group>
            <ThresholdEditor
              value={attributes}
              onChange={setAttributes}
              onSaveOne={saveOne}
              savingOne={saveMetric.isPending ? saveMetric.variables.name : null}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
