import { criteriaVehicleFields, firstCanReportProblem } from '@evfleet/domain';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { ROUTES } from '../../routing/routes';
import { useReportSignals, useReportVehicles } from './api/can-report-api';
import { readCriteria, storeCriteria } from './criteria-store';
import { FilterPicker } from './FilterPicker';
import { ReportDateTimePicker } from './ReportDateTimePicker';
import { SavedTemplates } from './SavedTemplates';
import { signalOptions } from './signal-options';

interface Draft {
  vehicleId: number | null;
  columns: string[];
  startDate: string | null;
  endDate: string | null;
}

/**
 * The form starts from the criteria of the last View Result in this tab, so Back keeps them; a
 * ?vehicleId= (e.g. from a vehicle's 'DATA History' button) chooses the vehicle.
 */
function initialDraft(linkedVehicle: string | null): Draft {
  const last = readCriteria();
  const linked = Number(linkedVehicle);
  return {
    vehicleId: Number.isInteger(linked) && linked > 0 ? linked : (last?.vehiclesIds?.[0] ?? null),
    columns: last?.columns ?? [],
    startDate: last?.startDate ?? null,
    endDate: last?.endDate ?? null,
  };
}

/** /report/can-history-report (part 2 §2 "CAN History Report page"). */
export function CanHistoryReportPage() {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const vehicles = useReportVehicles();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState(() => initialDraft(params.get('vehicleId')));
  const signals = useReportSignals(draft.vehicleId);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const vehicleOptions = (vehicles.data ?? []).map((v) => ({ value: String(v.id), label: v.friendlyName }));

  const viewResult = () => {
    const vehicle = vehicles.data?.find((v) => v.id === draft.vehicleId);
    const { startDate, endDate } = draft;
    // An unknown signal of a previously chosen vehicle is not offered for this one: it is not sent.
    const offered = signals.isPlaceholderData ? undefined : signals.data;
    const columns = offered ? draft.columns.filter((key) => key in offered) : draft.columns;
    // §5: the six checks in order, the first failing one as an error toast.
    const problem = firstCanReportProblem({ vehiclesIds: vehicle ? [vehicle.id] : [], columns, startDate, endDate });
    if (problem) {
      toast.error(domainText(problem));
      return;
    }
    if (!vehicle || !startDate || !endDate) return; // ruled out by the checks; tells TypeScript
    storeCriteria({ ...criteriaVehicleFields(vehicle), columns, startDate, endDate });
    navigate(ROUTES.reportResult);
  };

  return (
    <Stack gap="md" p="md">
      <Title order={2} data-testid="report-title">
        {t('criteria.title')}
      </Title>
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <FilterPicker
            label={t('criteria.vehicle')}
            options={vehicleOptions}
            value={draft.vehicleId === null ? [] : [String(draft.vehicleId)]}
            onChange={([id]) => change({ vehicleId: id ? Number(id) : null })}
            placeholder={vehicles.isPending ? t('criteria.loadingVehicles') : t('criteria.selectVehicle')}
            filterPlaceholder={t('criteria.filterVehicle')}
            disabled={vehicles.isPending}
            testId="report-vehicle"
          />
          <FilterPicker
            label={t('criteria.signals')}
            multiple
            options={signalOptions(signals.data, domainText)}
            value={draft.columns}
            onChange={(columns) => change({ columns })}
            placeholder={t('criteria.selectSettings')}
            filterPlaceholder={t('criteria.filterSettings')}
            testId="report-signals"
          />
          <ReportDateTimePicker
            label={t('criteria.startDate')}
            placeholder={t('criteria.selectStart')}
            value={draft.startDate}
            onChange={(startDate) => change({ startDate })}
            defaultTime="00:00"
            testId="report-start"
          />
          <ReportDateTimePicker
            label={t('criteria.endDate')}
            placeholder={t('criteria.selectEnd')}
            value={draft.endDate}
            onChange={(endDate) => change({ endDate })}
            defaultTime="23:59"
            testId="report-end"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button onClick={viewResult} data-testid="view-result">
            {t('criteria.viewResult')}
          </Button>
        </Group>
      </Card>
      <SavedTemplates />
    </Stack>
  );
}
