import type { DeviceProfile } from '@evfleet/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataGrid } from '../../components/DataGrid';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { useEditing } from '../../components/list/useEditing';
import { ROUTES } from '../../routing/routes';
import { useDeleteDeviceProfile, useDeviceProfiles } from './api/device-profiles-api';
import { profileColumns } from './profileColumns';
import { ProfileNameModal } from './ProfileNameModal';

/** /admin/device-profiles: every device profile, with create, rename and delete; a name opens its mappings. */
export function DeviceProfilesPage() {
  const { t } = useTranslation('device-profiles');
  const navigate = useNavigate();
  const profiles = useDeviceProfiles();
  const remove = useDeleteDeviceProfile();
  /** The name modal: creating (no profile) or renaming one. */
  const naming = useEditing<DeviceProfile>();
  const deleting = useDeleteConfirm({
    // A refusal (a profile taken meanwhile: 409) closes the question too.
    remove: (profile: DeviceProfile) => remove.mutateAsync(profile.id),
    deleted: (profile) => t('delete.done', { name: profile.name }),
  });
  const columns = useMemo(
    () => profileColumns({ onRename: naming.edit, onDelete: deleting.ask, t }),
    [naming.edit, deleting.ask, t],
  );

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
        <Button onClick={naming.add} data-testid="profile-create">
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
        opened={naming.opened}
        profile={naming.record}
        profiles={profiles.data ?? []}
        onClose={naming.close}
        onCreated={(profile) => navigate(`${ROUTES.deviceProfiles}/${profile.id}`)}
      />
      <ConfirmModal {...deleting.modal} title={t('delete.title')}>
        <Text>{t('delete.question', { name: deleting.row?.name ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
