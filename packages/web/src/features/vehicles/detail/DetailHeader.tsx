import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon } from '../../../components/icons';
import { ROUTES } from '../../../routing/routes';
import { useCan } from '../../../session/useCan';
import { DownloadCanHistoryModal } from '../../report';
import { HistoryIcon } from './info/info-icons';

/**
 * §2: the vehicle's name, edit for administrators, 'DATA History' to the CAN report with this vehicle
 * chosen, and the 'Download CAN History' modal for this vehicle.
 */
export function DetailHeader({ id, name, vin }: { id: number; name: string; vin: string }) {
  const { t } = useTranslation('vehicles');
  const [downloading, setDownloading] = useState(false);
  const mayEdit = useCan('vehicles');
  // The report pages are for administrators and staff (§2): others would only meet 'Access denied'.
  const mayReport = useCan('report');
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="xs">
        <Title order={2} data-testid="vehicle-detail-name">
          {name}
        </Title>
        {mayEdit && (
          <Tooltip label={t('detail.edit')}>
            <ActionIcon
              component={Link}
              to={`${ROUTES.vehicle}/${id}/edit`}
              variant="subtle"
              aria-label={t('detail.edit')}
              data-testid="edit-vehicle"
            >
              <EditIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {mayReport && (
        <Group gap="xs">
          <Button variant="default" onClick={() => setDownloading(true)} data-testid="download-can-history">
            {t('detail.downloadCanHistory')}
          </Button>
          <Tooltip label={t('detail.viewCanHistory')}>
            <Button
              component={Link}
              to={`${ROUTES.canHistoryReport}?vehicleId=${id}`}
              variant="light"
              leftSection={<HistoryIcon />}
              data-testid="data-history"
            >
              {t('detail.dataHistory')}
            </Button>
          </Tooltip>
          <DownloadCanHistoryModal
            vehicle={{ id, name, vin }}
            opened={downloading}
            onClose={() => setDownloading(false)}
          />
        </Group>
      )}
    </Group>
  );
}
