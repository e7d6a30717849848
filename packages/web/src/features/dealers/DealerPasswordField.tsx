import { generateDealerPassword } from '@evfleet/domain';
import { Button, Group, PasswordInput } from '@mantine/core';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface DealerPasswordFieldProps {
  required: boolean;
  error?: string;
  registration: UseFormRegisterReturn;
  onGenerate: (password: string) => void;
}

/** Password with a show/hide toggle and a generator (§2.7, §5: 7 to 15 characters). */
export function DealerPasswordField({ required, error, registration, onGenerate }: DealerPasswordFieldProps) {
  const { t } = useTranslation('dealers');
  const [visible, setVisible] = useState(false);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <PasswordInput
        flex={1}
        label={t('form.password')}
        withAsterisk={required}
        description={required ? undefined : t('form.keepPassword')}
        autoComplete="new-password"
        visible={visible}
        onVisibilityChange={setVisible}
        // Mantine leaves the eye out of the tab order; here it is reachable from the keyboard.
        visibilityToggleButtonProps={{
          tabIndex: 0,
          'aria-label': t(visible ? 'form.hidePassword' : 'form.showPassword'),
        }}
        error={error}
        data-testid="dealer-password"
        {...registration}
      />
      <Button
        variant="light"
        mt={required ? 25 : 45}
        onClick={() => {
          onGenerate(generateDealerPassword());
          setVisible(true);
        }}
        data-testid="dealer-password-generate"
      >
        {t('form.generate')}
      </Button>
    </Group>
  );
}
