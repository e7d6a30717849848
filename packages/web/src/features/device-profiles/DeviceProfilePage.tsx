import type { DeviceProfile, DeviceProfileWrite } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { HttpError } from '../../api/http';
import { useFocusFirstError } from '../../components/useFocusFirstError';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useDeviceProfile, useSaveDeviceProfile } from './api/device-profiles-api';
import { figure, formOf, mappingsFormSchema, newRow, type MappingsForm } from './mappings-form';
import { MappingsTable } from './MappingsTable';
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
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" align="center">
            <Button component={Link} to={ROUTES.deviceProfiles} variant="default" data-testid="profile-back">
              {t('editor.back')}
            </Button>
            <Stack gap={0}>
              <Group gap="xs">
                <Title order={2} data-testid="profile-title">
                  {profile.name}
                </Title>
                {profile.builtIn && (
                  <Badge variant="light" color="gray">
                    {t('builtIn')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t('editor.vehicles', { count: profile.vehicles })}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            {isDirty && (
              <Badge color="orange" variant="light" data-testid="profile-unsaved">
                {t('editor.unsaved')}
              </Badge>
            )}
            <Button type="submit" loading={isSubmitting} data-testid="profile-save">
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {t('mappings.title')}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('mappings.hint')}
                </Text>
                <MappingsTable form={form} rows={rows.fields} onRemove={rows.remove} />
                <Group justify="space-between">
                  <Button
                    variant="light"
                    onClick={() => rows.append(newRow(), { focusName: `mappings.${rows.fields.length}.io` })}
                    data-testid="mapping-add"
                  >
                    {t('mappings.add')}
                  </Button>
                  <Button type="submit" loading={isSubmitting} variant="default">
                    {t('editor.save')}
                  </Button>
                </Group>
              </Stack>
            </Card>
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
