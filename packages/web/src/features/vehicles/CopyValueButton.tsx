import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copies a value the user types into a device (a token, a server address), saying so once it is copied. */
export function CopyValueButton({ value }: { value: string }) {
  const { t } = useTranslation('vehicles');
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="subtle" onClick={copy}>
          {copied ? t('device.copied') : t('device.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
