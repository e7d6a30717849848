import { Group, Paper, Text } from '@mantine/core';
import type { SignalLetter } from '@evfleet/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BarsIcon, SatelliteIcon } from './info-icons';

const COLOR: Record<SignalLetter, string> = {
  R: 'var(--mantine-color-red-6)',
  Y: 'var(--mantine-color-yellow-5)',
  G: 'var(--mantine-color-green-6)',
};

function SignalCard({
  label,
  letter,
  Glyph,
  testId,
}: {
  label: string;
  letter: string;
  Glyph: ComponentType<{ color: string }>;
  testId: string;
}) {
  const { t } = useTranslation('vehicles');
  const known = letter in COLOR ? (letter as SignalLetter) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} data-signal={known ?? undefined}>
      <Group gap="sm" wrap="nowrap">
        {known ? <Glyph color={COLOR[known]} /> : <Text fw={700}>-</Text>}
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fw={700}>{known ? t(`signal.${known}`) : '-'}</Text>
        </div>
      </Group>
    </Paper>
  );
}

/** §2: a GPS and an LTE card, each only when the vehicle has a value; R, Y, G colour the icon. */
export function SignalCards({ gps, lte }: { gps: string | null; lte: string | null }) {
  const { t } = useTranslation('vehicles');
  if (gps === null && lte === null) return null;
  return (
    <Group grow align="stretch">
      {gps !== null && (
        <SignalCard label={t('field.gpsSignal')} letter={gps} Glyph={SatelliteIcon} testId="gps-signal" />
      )}
      {lte !== null && <SignalCard label={t('field.lteSignal')} letter={lte} Glyph={BarsIcon} testId="lte-signal" />}
    </Group>
  );
}
