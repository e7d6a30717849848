import { Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** §9: how long the switch's notice stays. */
const NOTICE_MS = 1500;

interface ActivationSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 'Require Authentication': switching says for 1.5 s whether verification is now on (green) or off (red). */
export function ActivationSwitch({ checked, onChange }: ActivationSwitchProps) {
  const { t } = useTranslation('dealers');
  const [notice, setNotice] = useState<boolean | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <Stack gap={4}>
      <Switch
        label={t('form.activation')}
        checked={checked}
        onChange={(event) => {
          onChange(event.currentTarget.checked);
          setNotice(event.currentTarget.checked);
        }}
        data-testid="dealer-activation"
      />
      <Text size="sm" c={notice ? 'green' : 'red'} mih={20} role="status" data-testid="dealer-activation-notice">
        {notice === null ? '' : t(notice ? 'form.verificationOn' : 'form.verificationOff')}
      </Text>
    </Stack>
  );
}
