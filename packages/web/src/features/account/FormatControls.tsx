import { DATE_STYLES, HOUR_CYCLES, type DateStyle, type HourCycle } from '@evfleet/domain';
import { Input, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreference, useSavePreference, type PreferenceValue } from '../../api/preferences';
import { createFormat } from '../../components/format/format';
import { useFormat } from '../../components/format/useFormat';

/** The preferences chosen among a few words. */
type WordPreference = 'hourCycle' | 'dateStyle';

/** One of the ways the portal writes for this user, as segments; a choice is saved at once. */
function PreferenceSegments<K extends WordPreference>({
  preference,
  label,
  testId,
  choices,
}: {
  preference: K;
  label: string;
  testId: string;
  choices: { value: PreferenceValue<K>; label: string }[];
}) {
  const current = usePreference(preference);
  const save = useSavePreference(preference);
  return (
    <Input.Wrapper label={label} id={testId}>
      <SegmentedControl
        display="flex"
        aria-labelledby={`${testId}-label`}
        value={current.data ?? choices[0].value}
        onChange={(value) => save.mutate(value as PreferenceValue<K>)}
        disabled={current.isPending}
        data={choices}
        data-testid={testId}
      />
    </Input.Wrapper>
  );
}

const HOUR_LABELS = { '24h': 'settings.hour24', '12h': 'settings.hour12' } as const satisfies Record<HourCycle, string>;

/** How the portal writes times for this user. */
export function HourCycleControl() {
  const { t } = useTranslation('account');
  return (
    <PreferenceSegments
      preference="hourCycle"
      label={t('settings.timeFormat')}
      testId="settings-hour-cycle"
      choices={HOUR_CYCLES.map((cycle) => ({ value: cycle, label: t(HOUR_LABELS[cycle]) }))}
    />
  );
}

const DATE_LABELS = {
  specification: 'settings.dateSpecification',
  language: 'settings.dateLanguage',
} as const satisfies Record<DateStyle, string>;
/** The day each choice is shown with. */
const EXAMPLE_DAY = '2026-11-28T12:00:00Z';

/** How the portal writes dates for this user: day first as the specification has it, or in their language's order. */
export function DateStyleControl() {
  const { t } = useTranslation('account');
  const { locale } = useFormat();
  const example = (dateStyle: DateStyle) =>
    createFormat({ language: locale, hourCycle: '24h', dateStyle, timeZone: 'UTC' }).date(EXAMPLE_DAY);
  return (
    <PreferenceSegments
      preference="dateStyle"
      label={t('settings.dateFormat')}
      testId="settings-date-style"
      choices={DATE_STYLES.map((style) => ({
        value: style,
        label: t(DATE_LABELS[style], { example: example(style) }),
      }))}
    />
  );
}
