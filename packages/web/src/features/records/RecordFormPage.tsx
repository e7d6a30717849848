import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { useDomainText } from '../../i18n/useDomainText';
import { useRecord, useSaveRecord } from './api/records-api';
import { useListPath } from './list-return';
import { referencesOf, vehicleOf } from './record-references';
import { toFormValues, toPayload, type RecordFormValues } from './record-form-values';
import { editableFields, type RecordData, type RecordScreen } from './record-types';
import { RecordFieldInput } from './RecordFieldInput';
import { RecordLoading } from './RecordLoading';

/**
 * {base}/new and {base}/{id}/edit (§4 "Save on generic record forms"): create mode when the route has
 * no id; on edit the record loads first and its ID shows read-only. A save with no form errors
 * creates or updates, then returns to the list.
 */
export function RecordFormPage({ screen }: { screen: RecordScreen }) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const { id = null } = useParams();
  const record = useRecord(screen.def, id);
  if (id !== null && record.isPending) return <RecordLoading />;
  if (id !== null && !record.data)
    return (
      <Alert color="red" m="md">
        {t('record.loadFailed', { entity: domainText(screen.def.entity) })}
      </Alert>
    );
  // Keyed by id: the form reads its defaults once, so a different record gets a fresh form.
  return <RecordForm key={id ?? 'new'} screen={screen} record={record.data ?? null} />;
}

function RecordForm({ screen, record }: { screen: RecordScreen; record: RecordData | null }) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const { def } = screen;
  const navigate = useNavigate();
  const listPath = useListPath(screen);
  const save = useSaveRecord(def);
  const form = useForm<RecordFormValues, unknown, Record<string, unknown>>({
    // The write schema reads the form's texts and flags (its preprocessors take any input).
    resolver: zodResolver(def.writeSchema as z.ZodType<Record<string, unknown>, RecordFormValues>),
    defaultValues: toFormValues(def, record),
    // useFocusFirstError does it, for every kind of input and for the server's field errors too.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  const known = referencesOf(def, record);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toPayload(def, values));
      navigate(listPath(vehicleOf(def, saved)));
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <Stack gap="md" p="md" maw={1100}>
      <Title order={2} data-testid="record-form-title">
        {t(record ? 'form.edit' : 'form.create', { entity: domainText(def.entity) })}
      </Title>
      {screen.formHelp}
      <Paper ref={formRef} withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="record-form">
        <Stack gap="sm">
          {record && (
            <TextInput
              label={t('record.id')}
              value={String(record.id)}
              readOnly
              variant="filled"
              data-testid="field-id"
              maw={320}
            />
          )}
          <SimpleGrid cols={{ base: 1, md: editableFields(def).length > 6 ? 2 : 1 }} spacing="sm">
            {editableFields(def).map(([name, field]) => (
              <RecordFieldInput key={name} name={name} field={field} control={form.control} known={known} />
            ))}
          </SimpleGrid>
          <Group mt="md">
            <Button variant="default" onClick={() => navigate(listPath())} data-testid="back">
              {t('action.back')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting} data-testid="save">
              {t('action.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
