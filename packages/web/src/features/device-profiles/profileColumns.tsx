import type { DeviceProfile } from '@evfleet/domain';
import { Anchor, Badge, Button, Group, Tooltip } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { actionColumn } from '../../components/list/RowActions';
import { ROUTES } from '../../routing/routes';

interface ProfileActions {
  onRename: (profile: DeviceProfile) => void;
  onDelete: (profile: DeviceProfile) => void;
  t: TFunction<'device-profiles'>;
}

const editorPath = (profile: DeviceProfile) => `${ROUTES.deviceProfiles}/${profile.id}`;

/** Why a profile cannot be deleted, or null when it can: the server would refuse these (400, 409). */
function deleteBlock(profile: DeviceProfile, t: TFunction<'device-profiles'>): string | null {
  if (profile.builtIn) return t('delete.builtIn');
  return profile.vehicles > 0 ? t('delete.inUse', { count: profile.vehicles }) : null;
}

/** The columns of the device profiles grid: every profile is on one page, sorted by the grid itself. */
export function profileColumns({ onRename, onDelete, t }: ProfileActions): ColDef<DeviceProfile>[] {
  return [
    {
      field: 'name',
      headerName: t('column.name'),
      minWidth: 260,
      flex: 2,
      cellRenderer: ({ data }: { data?: DeviceProfile }) =>
        data && (
          <Group gap="xs" wrap="nowrap" h="100%" align="center">
            <Anchor component={Link} to={editorPath(data)} data-testid={`profile-open-${data.id}`}>
              {data.name}
            </Anchor>
            {data.builtIn && (
              <Badge variant="light" color="gray" size="sm">
                {t('builtIn')}
              </Badge>
            )}
          </Group>
        ),
    },
    {
      colId: 'mappings',
      headerName: t('column.mappings'),
      valueGetter: ({ data }) => data?.mappings.length ?? 0,
      type: 'numericColumn',
      maxWidth: 160,
    },
    { field: 'vehicles', headerName: t('column.vehicles'), type: 'numericColumn', maxWidth: 160 },
    {
      ...actionColumn,
      headerName: t('column.actions'),
      minWidth: 290,
      maxWidth: 310,
      cellRenderer: ({ data }: { data?: DeviceProfile }) => {
        if (!data) return null;
        const blocked = deleteBlock(data, t);
        return (
          <Group gap={6} wrap="nowrap" h="100%" align="center">
            <Button
              component={Link}
              to={editorPath(data)}
              size="compact-xs"
              variant="light"
              aria-label={t('action.mappingsOf', { name: data.name })}
            >
              {t('action.mappings')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onRename(data)}
              aria-label={t('action.renameOf', { name: data.name })}
              data-testid={`profile-rename-${data.id}`}
            >
              {t('action.rename')}
            </Button>
            {/* A disabled button takes no pointer events: the tooltip hangs on a wrapper that does. */}
            <Tooltip label={blocked} disabled={!blocked} multiline w={260}>
              <span tabIndex={blocked ? 0 : -1}>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  disabled={blocked !== null}
                  onClick={() => onDelete(data)}
                  aria-label={t('action.deleteOf', { name: data.name })}
                  data-testid={`profile-delete-${data.id}`}
                >
                  {t('action.delete')}
                </Button>
              </span>
            </Tooltip>
          </Group>
        );
      },
    },
  ];
}
