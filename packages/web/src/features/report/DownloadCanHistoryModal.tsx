import { canReportFileName, criteriaVehicleFields, firstCanReportProblem, vehicleOptionLabel } from '@evfleet/domain';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ModalProps } from '../../components/modal-props';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { exportReport, useReportSignals } from './api/can-report-api';
import { storeCriteria } from './criteria-store';
import { ReportPeriodFields, type ReportPeriod } from './ReportPeriodFields';
import { SignalChecklist } from './SignalChecklist';
import { signalOptions } from './signal-options';

interface Props extends ModalProps {
  vehicle: { id: number; name: string; vin: string };
}

/**
 * §2's 'Download CAN History' modal, which the spec leaves hidden with sample content, made real
 * (docs/decisions.md, "Vehicle detail"): this vehicle's history between two times for the ticked signals, downloaded
 * as xlsx or opened on the result page; the report page's six checks apply, in order.
 */
export function DownloadCanHistoryModal({ vehicle, opened, onClose }: Props) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const signals = useReportSignals(opened ? vehicle.id : null);
  const [columns, setColumns] = useState<string[]>([]);
  const [period, setPeriod] = useState<ReportPeriod>({ startDate: null, endDate: null });
  const [busy, setBusy] = useState(false);

  /** The criteria when they pass the checks; otherwise the first problem is toasted. */
  const criteria = () => {
    const { startDate, endDate } = period;
    const problem = firstCanReportProblem({ vehiclesIds: [vehicle.id], columns, startDate, endDate });
    if (problem) {
      toast.error(domainText(problem));
      return null;
    }
    const fields = criteriaVehicleFields({
      id: vehicle.id,
      friendlyName: vehicleOptionLabel(vehicle.name, vehicle.vin),
      name: vehicle.vin,
    });
    return { ...fields, columns, startDate: startDate!, endDate: endDate! };
  };

  const download = async () => {
    const chosen = criteria();
    if (!chosen) return;
    setBusy(true);
    await exportReport(chosen, canReportFileName(chosen)).finally(() => setBusy(false));
  };

  const viewResult = () => {
    const chosen = criteria();
    if (!chosen) return;
    storeCriteria(chosen);
    navigate(ROUTES.reportResult);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('download.title')} size="lg" centered>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReportPeriodFields
            period={period}
            onChange={(patch) => setPeriod((current) => ({ ...current, ...patch }))}
            labels={{ startDate: t('download.from'), endDate: t('download.to') }}
            testIds={{ startDate: 'history-from', endDate: 'history-to' }}
          />
        </SimpleGrid>
        <SignalChecklist options={signalOptions(signals.data, domainText)} columns={columns} onChange={setColumns} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('download.cancel')}
          </Button>
          <Button variant="light" onClick={() => void download()} loading={busy} data-testid="history-download">
            {t('result.downloadXls')}
          </Button>
          <Button onClick={viewResult} data-testid="history-view-result">
            {t('criteria.viewResult')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
