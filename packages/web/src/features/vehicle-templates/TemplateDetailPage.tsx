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
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { useDomainText } from '../../i18n/useDomainText';
import { useSaveTemplate, useTemplate } from './api/templates-api';
import { TemplateFields, templateDefaults, type TemplateForm, type TemplateInput } from './TemplateFields';
import { TemplateThresholds } from './TemplateThresholds';

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
 * The template's image, name and description, and 'Configure Template' (§2, §4). Save updates it all
 * and returns to the list. A built-in template, or a reader who may not change templates, sees it
 * read-only.
 */
function TemplateDetailForm({ template }: { template: VehicleTemplate }) {
  const { t } = useTranslation('vehicle-templates');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const save = useSaveTemplate();
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

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md" p="md">
        <DetailHeader
          builtIn={template.defaultTemplate}
          changed={isDirty || thresholdsChanged}
          readOnly={readOnly}
          submitting={isSubmitting}
          onBack={backToList}
        />
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TemplateFields form={form} template={template} readOnly={readOnly} />
          </Stack>
        </Paper>
        <TemplateThresholds template={template} attributes={attributes} onChange={setAttributes} readOnly={readOnly} />
      </Stack>
    </form>
  );
}

interface DetailHeaderProps {
  /** One of the templates the portal ships. */
  builtIn: boolean;
  /** The form or the thresholds hold changes not yet saved. */
  changed: boolean;
  readOnly: boolean;
  submitting: boolean;
  onBack: () => void;
}

/** The page's title with what it is (built in, changed), and Cancel (or Back) and Save. */
function DetailHeader({ builtIn, changed, readOnly, submitting, onBack }: DetailHeaderProps) {
  const { t } = useTranslation('vehicle-templates');
  return (
    <Group justify="space-between">
      <Group gap="sm">
        <Title order={2} data-testid="detail-title">
          {t('detail.title')}
        </Title>
        {builtIn && <Badge variant="light">{t('detail.default')}</Badge>}
        {changed && (
          <Badge color="orange" variant="light" data-testid="template-changed">
            {t('detail.changed')}
          </Badge>
        )}
      </Group>
      <Group gap="sm">
        <Button variant="default" onClick={onBack} disabled={submitting} data-testid="template-cancel">
          {readOnly ? t('detail.back') : t('detail.cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" loading={submitting} data-testid="template-save">
            {t('detail.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
