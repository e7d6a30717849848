import { ActionIcon, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../components/format/useFormat';
import {
  DEFAULT_PRESET,
  MIN_WINDOW_MS,
  presetWindow,
  stepWindow,
  WINDOW_PRESETS,
  type ChosenWindow,
} from './signal-window';

/** The chart's span and the ways it changes: a preset, a step in time, a dragged selection, back to the default. */
export function useChosenWindow() {
  const [window, setWindow] = useState<ChosenWindow>(() => presetWindow(DEFAULT_PRESET));
  return {
    window,
    preset: (preset: string) => setWindow(presetWindow(preset)),
    step: (direction: -1 | 1) => setWindow(stepWindow(window, direction)),
    select: (from: number, to: number) => {
      if (to - from >= MIN_WINDOW_MS) setWindow({ preset: null, from, to });
    },
    reset: () => setWindow(presetWindow(DEFAULT_PRESET)),
  };
}

type WindowChoice = ReturnType<typeof useChosenWindow>;

/** The span's presets, with a step back in time and, once stepped or dragged away from now, forward again. */
export function WindowPicker({ chosen }: { chosen: WindowChoice }) {
  const { t } = useTranslation('vehicles');
  return (
    <Group gap="xs" align="flex-end">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('chart.earlier')}
        onClick={() => chosen.step(-1)}
        data-testid="window-earlier"
      >
        ‹
      </ActionIcon>
      <SegmentedControl
        data={WINDOW_PRESETS.map(({ value }) => ({ value, label: t(`window.${value}`) }))}
        value={chosen.window.preset ?? ''}
        onChange={chosen.preset}
        data-testid="window-presets"
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('chart.later')}
        disabled={chosen.window.preset !== null}
        onClick={() => chosen.step(1)}
        data-testid="window-later"
      >
        ›
      </ActionIcon>
    </Group>
  );
}

/** The span shown, in the vehicle's zone, and a way back to the default one when it is no preset. */
export function WindowSpan({ chosen: { window, reset }, timeZone }: { chosen: WindowChoice; timeZone: string }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" data-testid="signal-window">
        {format.dateTime(window.from, { timeZone })} – {format.dateTime(window.to, { timeZone })} ({timeZone})
      </Text>
      {window.preset === null && (
        <Button variant="subtle" size="compact-sm" onClick={reset}>
          {t('chart.backToDefault')}
        </Button>
      )}
    </Group>
  );
}
