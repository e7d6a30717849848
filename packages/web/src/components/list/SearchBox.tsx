import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchBoxProps {
  onSearch: (text: string) => void;
  /** Milliseconds of quiet typing before searching; 0 searches on every key. */
  debounce?: number;
  placeholder?: string;
  initialValue?: string;
}

/** A search input that reports its text once typing settles (the vehicle list waits 300 ms). */
export function SearchBox({ onSearch, debounce = 300, placeholder, initialValue = '' }: SearchBoxProps) {
  const { t } = useTranslation('components');
  const label = placeholder ?? t('list.search');
  const [text, setText] = useState(initialValue);
  const report = useDebouncedCallback((value: string) => onSearch(value.trim()), debounce);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      data-testid="search-box"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      onKeyDown={(event) => event.key === 'Enter' && report.flush()}
    />
  );
}
