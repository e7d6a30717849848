import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FilterInputProps {
  value: string;
  onChange: (filter: string) => void;
  placeholder: string;
}

/** The text that narrows an administration page's list as it is typed. */
export function FilterInput({ value, onChange, placeholder }: FilterInputProps) {
  const { t } = useTranslation('admin');
  return (
    <TextInput
      label={t('filter')}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={320}
    />
  );
}
