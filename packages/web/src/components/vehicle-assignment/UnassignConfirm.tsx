import { PEOPLE_TEXTS, type VehicleRef } from '@evfleet/domain';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { ConfirmModal } from '../ConfirmModal';

interface UnassignConfirmProps {
  /** The vehicles to take out; null: closed. */
  vehicles: readonly VehicleRef[] | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Unassign Vehicle': the question and the list of the vehicles it is about. */
export function UnassignConfirm({ vehicles, busy, onConfirm, onCancel }: UnassignConfirmProps) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  return (
    <ConfirmModal
      opened={vehicles !== null}
      title={t('vehicles.unassign')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text>{domainText(PEOPLE_TEXTS.unassignConfirm)}</Text>
      <List size="sm" mt="xs" data-testid="unassign-list">
        {vehicles?.map((vehicle) => (
          <List.Item key={vehicle.id}>
            {vehicle.vin} — {vehicle.name}
          </List.Item>
        ))}
      </List>
    </ConfirmModal>
  );
}
