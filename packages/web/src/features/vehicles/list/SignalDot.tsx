import type { SignalLetter } from '@evfleet/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<SignalLetter, string> = { R: 'red', Y: 'yellow', G: 'green' };

/** A grid cell's GPS or LTE signal (§9 codes R, Y, G): a coloured dot and word; anything else a dash. */
export function SignalDot({ letter }: { letter: SignalLetter | null | undefined }) {
  const { t } = useTranslation('vehicles');
  if (!letter || !(letter in COLOR)) return <Text span>-</Text>;
  return (
    <Group gap={6} wrap="nowrap" h="100%" data-signal={letter}>
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: '50%', background: `var(--mantine-color-${COLOR[letter]}-6)` }}
      />
      <Text span size="sm">
        {t(`signal.${letter}`)}
      </Text>
    </Group>
  );
}
