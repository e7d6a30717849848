import { PERMISSION_ROLES, type PermissionRole } from '@evfleet/domain';
import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { useCan } from '../../session/useCan';
import { useRolePermissions, useSaveRolePermissions } from './api/role-permissions-api';
import { ToggleTree } from './ToggleTree';

/**
 * One role's permission page (part 2 §2): the toggles with their stored states. Administrators
 * change them, each toggle saved at once and enforced by the server from then on
 * (docs/permissions.md); anyone else sees them disabled.
 */
function PermissionPage({ role }: { role: PermissionRole }) {
  const { t } = useTranslation('roles-permission');
  const { toggles } = PERMISSION_ROLES[role];
  const title = t(`title.${role}`);
  const canChange = useCan('rolePermissions');
  const stored = useRolePermissions(role);
  const save = useSaveRolePermissions(role);

  const change = async (key: string, on: boolean, label: string) => {
    try {
      await save.mutateAsync({ [key]: on });
      toast.success(t(on ? 'toast.enabled' : 'toast.disabled', { title, label }));
    } catch {
      // the HTTP client has already said why; the switch shows the stored state again
    }
  };

  return (
    <Container fluid py="md">
      <Stack gap="md" maw={720}>
        <Title order={2} data-testid="permissions-title">
          {title}
        </Title>
        {!canChange && (
          <Text size="sm" c="dimmed" data-testid="permissions-read-only">
            {t('readOnly')}
          </Text>
        )}
        {stored.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {stored.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : (
          stored.data && (
            <ToggleTree
              toggles={toggles}
              states={stored.data.permissions}
              disabled={!canChange}
              busy={save.isPending}
              onChange={change}
            />
          )
        )}
      </Stack>
    </Container>
  );
}

/** /roles-permission/fleet-owner. */
export function FleetOwnerPermissionPage() {
  return <PermissionPage role="ROLE_FLEET" />;
}

/** /roles-permission/dealer-role. */
export function DealerPermissionPage() {
  return <PermissionPage role="ROLE_DEALER" />;
}
