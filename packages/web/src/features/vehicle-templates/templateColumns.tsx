import type { VehicleTemplate } from '@evfleet/domain';
import { Anchor, Avatar, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Format } from '../../components/format/format';
import { actionColumn, RowActions } from '../../components/list/RowActions';
import { ROUTES } from '../../routing/routes';

function TemplateName({ template }: { template: VehicleTemplate }) {
  return (
    <Group gap="sm" wrap="nowrap" h="100%" align="center">
      <Avatar
        src={template.imageUrl ?? undefined}
        alt=""
        size={30}
        radius="sm"
        data-testid={`template-image-${template.id}`}
      >
        {template.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Anchor
        component={Link}
        to={`${ROUTES.vehicleTemplate}/${template.id}`}
        size="sm"
        truncate
        data-testid={`template-link-${template.id}`}
      >
        {template.name}
      </Anchor>
    </Group>
  );
}

/** The template list's columns (§2): the actions only for templates that are not built in, and only for writers. */
export function templateColumns(
  canWrite: boolean,
  format: Format,
  t: TFunction<'vehicle-templates'>,
): ColDef<VehicleTemplate>[] {
  return [
    {
      field: 'name',
      headerName: t('form.name'),
      cellRenderer: ({ data }: { data?: VehicleTemplate }) => data && <TemplateName template={data} />,
    },
    { field: 'description', headerName: t('form.description'), tooltipField: 'description' },
    {
      field: 'date',
      headerName: t('list.updatedAt'),
      valueFormatter: ({ value }: { value: string }) => format.dateTime(value, { list: true }),
    },
    {
      ...actionColumn,
      width: 100,
      minWidth: 100,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: VehicleTemplate }) =>
        data &&
        canWrite &&
        !data.defaultTemplate && (
          <RowActions
            id={data.id}
            name={data.name}
            edit={{ to: `${ROUTES.vehicleTemplate}/${data.id}` }}
            remove={{ to: `${ROUTES.vehicleTemplate}/${data.id}/delete` }}
          />
        ),
    },
  ];
}
