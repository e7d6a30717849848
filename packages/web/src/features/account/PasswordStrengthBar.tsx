import { strengthBars } from '@evfleet/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** From weak to strong: the colour of every lit bar follows how many are lit. */
const COLOURS = ['#e03131', '#f08c00', '#fab005', '#82c91e', '#2f9e44'] as const;
const BAR_COUNT = COLOURS.length;

/** The five-bar meter of §5; the scoring lives in domain. */
export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation('account');
  const lit = strengthBars(password);
  const colour = COLOURS[Math.max(lit - 1, 0)];
  return (
    <Group gap={6} align="center" data-testid="password-strength" data-strength={lit}>
      <Text size="xs" c="dimmed">
        {t('password.strength')}
      </Text>
      {Array.from({ length: BAR_COUNT }, (_, i) => (
        <span key={i} className="strength-bar" style={{ background: i < lit ? colour : undefined }} aria-hidden />
      ))}
    </Group>
  );
}
