import type { DeviceProfile } from '@evfleet/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataGrid } from '../../components/DataGrid';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { useDeleteDeviceProfile, useDeviceProfiles } from './api/device-profiles-api';
import { profileColumns } from './profileColumns';
import { ProfileNameModal } from './ProfileNameModal';

/** The name modal in use: creating (null profile) or renaming one. */
type Naming = { profile: DeviceProfile | null } | null;

/** /admin/device-profiles: every device profile, with create, rename and delete; a name opens its mappings. */
export function DeviceProfilesPage() {
  const { t } = useTranslation('device-profiles');
  const navigate = useNavigate();
  const profiles = useDeviceProfiles();
  const remove = useDeleteDeviceProfile();
  const [naming, setNaming] = useState<Naming>(null);
  const [deleting, setDeleting] = useState<DeviceProfile | null>(null);
  const columns = useMemo(
    () => profileColumns({ onRename: (profile) => setNaming({ profile }), onDelete: setDeleting, t }),
    [t],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id).then(
      () => toast.success(t('delete.done', { name: deleting.name })),
      () => undefined, // the HTTP client has already said why (a profile taken meanwhile: 409)
    );
    setDeleting(null);
  };

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} data-testid="device-profiles-title">
            {t('list.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={760}>
            {t('list.intro')}
          </Text>
        </Stack>
        <Button onClick={() => setNaming({ profile: null })} data-testid="profile-create">
          {t('list.create')}
        </Button>
      </Group>
      {profiles.isError ? (
        <Alert color="red">{t('list.failed')}</Alert>
      ) : (
        <DataGrid
          rows={profiles.data}
          columns={columns}
          loading={profiles.isPending}
          rowId={(profile) => String(profile.id)}
          noRowsText={t('list.empty')}
          testId="device-profiles-grid"
        />
      )}
      <ProfileNameModal
        opened={naming !== null}
        profile={naming?.profile ?? null}
        profiles={profiles.data ?? []}
        onClose={() => setNaming(null)}
        onCreated={(profile) => navigate(`${ROUTES.deviceProfiles}/${profile.id}`)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('delete.title')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('delete.question', { name: deleting?.name ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
