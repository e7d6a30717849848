import { useTranslation } from 'react-i18next';
import { ReportDateTimePicker } from './ReportDateTimePicker';

/** A report's period: two ISO instants, null until picked. */
export interface ReportPeriod {
  startDate: string | null;
  endDate: string | null;
}

/** The two ends: a day picked for the start starts at 00:00, one picked for the end ends at 23:59. */
const ENDS = [
  { key: 'startDate', placeholder: 'criteria.selectStart', defaultTime: '00:00' },
  { key: 'endDate', placeholder: 'criteria.selectEnd', defaultTime: '23:59' },
] as const;

interface ReportPeriodFieldsProps {
  period: ReportPeriod;
  onChange: (patch: Partial<ReportPeriod>) => void;
  labels: Record<keyof ReportPeriod, string>;
  testIds: Record<keyof ReportPeriod, string>;
}

/** The start and end pickers of a report's period. */
export function ReportPeriodFields({ period, onChange, labels, testIds }: ReportPeriodFieldsProps) {
  const { t } = useTranslation('report');
  return ENDS.map(({ key, placeholder, defaultTime }) => (
    <ReportDateTimePicker
      key={key}
      label={labels[key]}
      placeholder={t(placeholder)}
      value={period[key]}
      onChange={(date) => {
        const patch: Partial<ReportPeriod> = {};
        patch[key] = date;
        onChange(patch);
      }}
      defaultTime={defaultTime}
      testId={testIds[key]}
    />
  ));
}
