import { canReportFileName, criteriaVehicleFields, firstCanReportProblem, vehicleOptionLabel } from '@evfleet/domain';
import { Button, Checkbox, Group, Modal, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { exportReport, useReportSignals } from './api/can-report-api';
import { storeCriteria } from './criteria-store';
import { ReportDateTimePicker } from './ReportDateTimePicker';
import { signalOptions } from './signal-options';

interface Props {
  vehicle: { id: number; name: string; vin: string };
  opened: boolean;
  onClose: () => void;
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
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The criteria when they pass the checks; otherwise the first problem is toasted. */
  const criteria = () => {
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

  const options = signalOptions(signals.data, domainText);
  return (
    <Modal opened={opened} onClose={onClose} title={t('download.title')} size="lg" centered>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReportDateTimePicker
            label={t('download.from')}
            placeholder={t('criteria.selectStart')}
            value={startDate}
            onChange={setStartDate}
            defaultTime="00:00"
            testId="history-from"
          />
          <ReportDateTimePicker
            label={t('download.to')}
            placeholder={t('criteria.selectEnd')}
            value={endDate}
            onChange={setEndDate}
            defaultTime="23:59"
            testId="history-to"
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('criteria.signals')}
          </Text>
          <Checkbox
            label={t('picker.selectAll')}
            checked={options.length > 0 && columns.length === options.length}
            indeterminate={columns.length > 0 && columns.length < options.length}
            onChange={(e) => setColumns(e.currentTarget.checked ? options.map((option) => option.value) : [])}
            data-testid="history-select-all"
          />
        </Group>
        <ScrollArea h={240} type="auto">
          <Checkbox.Group value={columns} onChange={setColumns}>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="history-signals">
              {options.map(({ value, label, description }) => (
                <Checkbox key={value} value={value} label={label} title={description} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </ScrollArea>
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
