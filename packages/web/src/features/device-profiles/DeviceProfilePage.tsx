import type { DeviceProfile, DeviceProfileWrite } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Center, Grid, Group, Loader, Stack } from '@mantine/core';
import { useRef } from 'react';
import { useFieldArray, useForm, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { HttpError } from '../../api/http';
import { SectionHeading } from '../../components/SectionHeading';
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { toast } from '../../notify/toast';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useDeviceProfile, useSaveDeviceProfile } from './api/device-profiles-api';
import { figure, formOf, mappingsFormSchema, newRow, type MappingsForm } from './mappings-form';
import { MappingsTable } from './MappingsTable';
import { ProfileHeader } from './ProfileHeader';
import { UnmappedList } from './UnmappedList';

const STICKY = {
  position: 'sticky',
  top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))',
} as const;

/** /admin/device-profiles/:id: one profile's mappings, and beside them what its trackers send unmapped. */
export function DeviceProfilePage() {
  const { t } = useTranslation('device-profiles');
  const id = useIdParam();
  const profile = useDeviceProfile(id);
  if (id === null || (profile.error instanceof HttpError && profile.error.call.status === 404)) return <NotFound />;
  if (profile.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" data-testid="profile-loading" />
      </Center>
    );
  if (!profile.data)
    return (
      <Alert color="red" m="md">
        {t('editor.failed')}
      </Alert>
    );
  // Keyed by the profile: another one starts a fresh form, a refetch does not wipe unsaved rows.
  return <ProfileEditor key={profile.data.id} profile={profile.data} />;
}

function ProfileEditor({ profile }: { profile: DeviceProfile }) {
  const { t } = useTranslation('device-profiles');
  const save = useSaveDeviceProfile();
  const form = useForm<MappingsForm, unknown, DeviceProfileWrite>({
    resolver: zodResolver(mappingsFormSchema),
    defaultValues: formOf(profile),
    // useFocusFirstError brings the first row in error into view, the server's too.
    shouldFocusError: false,
  });
  const rows = useFieldArray({ control: form.control, name: 'mappings' });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  const { isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: profile.id, profile: values });
      toast.success(t('editor.saved', { name: saved.name }));
      form.reset(formOf(saved));
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  /** An element a tracker sent gets a row (or its row, when it has one) with the cursor in its signal. */
  const map = (io: number) => {
    const at = form.getValues('mappings').findIndex((row) => figure(row.io) === io);
    if (at >= 0) form.setFocus(`mappings.${at}.signal`);
    else rows.append(newRow(io), { focusName: `mappings.${rows.fields.length}.signal` });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="profile-editor">
      <Stack gap="md" p="md">
        <ProfileHeader profile={profile} unsaved={isDirty} saving={isSubmitting} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <MappingsCard form={form} rows={rows} saving={isSubmitting} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {/* It stays in view beside a long table: a fleet maps one element after another from it. */}
            <div style={STICKY}>
              <UnmappedList profileId={profile.id} vehicles={profile.vehicles} control={form.control} onMap={map} />
            </div>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}

interface MappingsCardProps {
  form: UseFormReturn<MappingsForm, unknown, DeviceProfileWrite>;
  rows: UseFieldArrayReturn<MappingsForm, 'mappings'>;
  saving: boolean;
}

/** The mappings table with a row to add and a second Save under it. */
function MappingsCard({ form, rows, saving }: MappingsCardProps) {
  const { t } = useTranslation('device-profiles');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <SectionHeading title={t('mappings.title')} hint={t('mappings.hint')} />
        <MappingsTable form={form} rows={rows.fields} onRemove={rows.remove} />
        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => rows.append(newRow(), { focusName: `mappings.${rows.fields.length}.io` })}
            data-testid="mapping-add"
          >
            {t('mappings.add')}
          </Button>
          <Button type="submit" loading={saving} variant="default">
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
