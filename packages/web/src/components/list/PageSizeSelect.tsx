import { PEOPLE_PAGE_SIZES } from '@evfleet/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
  /** The sizes this screen offers; the people screens' 10, 100, 500, 1000 unless told. */
  options?: readonly number[];
}

export function PageSizeSelect({ value, onChange, options = PEOPLE_PAGE_SIZES }: PageSizeSelectProps) {
  const { t } = useTranslation('components');
  return (
    <NativeSelect
      aria-label={t('list.pageSize')}
      data-testid="page-size"
      value={String(value)}
      data={options.map(String)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      w={90}
    />
  );
}
