import type { SignalLetter } from '@evfleet/domain';
import { Group, Text } from '@mantine/core';

const COLOR: Record<SignalLetter, string> = { R: 'red', Y: 'yellow', G: 'green' };
const WORD: Record<SignalLetter, string> = { R: 'Poor', Y: 'Fair', G: 'Good' };

/** A grid cell's GPS or LTE signal (§9 codes R, Y, G): a coloured dot and word; anything else a dash. */
export function SignalDot({ letter }: { letter: SignalLetter | null | undefined }) {
  if (!letter || !(letter in COLOR)) return <Text span>-</Text>;
  return (
    <Group gap={6} wrap="nowrap" h="100%" data-signal={letter}>
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: '50%', background: `var(--mantine-color-${COLOR[letter]}-6)` }}
      />
      <Text span size="sm">
        {WORD[letter]}
      </Text>
    </Group>
  );
}
