import { BAND_KEYS, METRICS, signalLabel, thresholdProblems, type AlertAttribute, type BandKey } from '@evfleet/domain';
import { Accordion, Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { BandEditor, type RangeTouch } from './BandEditor';
import { ChannelToggles } from './ChannelToggles';
import { freshKey, withoutFresh, type FreshRanges } from './fresh-ranges';
import { NumberText } from './NumberText';

interface MetricSectionProps {
  attribute: AlertAttribute;
  readOnly: boolean;
  onChange: (next: AlertAttribute) => void;
  /** 'Update This Signal Only': saves this metric alone; absent, the button is not offered. */
  onSaveOne?: (attribute: AlertAttribute) => void;
  saving: boolean;
}

/**
 * The metric's problems as the editor shows them: a range just added and still clashing is a task
 * (`unsetRange`), not an error, until touched.
 */
function useMetricProblems(attribute: AlertAttribute, onChange: (next: AlertAttribute) => void) {
  const [fresh, setFresh] = useState<FreshRanges>(new Set());
  const problems = useMemo(() => thresholdProblems(withoutFresh(attribute, fresh)), [attribute, fresh]);
  const unsetRange = useMemo(
    () => fresh.size > 0 && thresholdProblems(attribute).length > problems.length,
    [attribute, fresh, problems],
  );
  const changeBand = (next: AlertAttribute, { band, index, added }: RangeTouch) => {
    setFresh((current) => {
      const updated = new Set(current);
      if (added) updated.add(freshKey(band, index));
      else updated.delete(freshKey(band, index));
      return updated;
    });
    onChange(next);
  };
  const faulty = useMemo(() => {
    const byBand = Object.fromEntries(BAND_KEYS.map((band) => [band, new Set<number>()])) as Record<
      BandKey,
      Set<number>
    >;
    for (const problem of problems)
      if (problem.band && problem.index !== undefined) byBand[problem.band].add(problem.index);
    return byBand;
  }, [problems]);
  return { problems, unsetRange, changeBand, faulty };
}

/** The accordion row: the metric's name and range, and how many problems it has. */
function MetricTitle({ attribute, problems, testId }: { attribute: AlertAttribute; problems: number; testId: string }) {
  const { min, max } = METRICS[attribute.name];
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  return (
    <Group gap="sm">
      {/* The dictionary's name and unit: a stored displayName may be whatever a spreadsheet said. */}
      <Text fw={600} data-testid={`${testId}-name`}>
        {domainText(signalLabel(attribute.name))}
      </Text>
      <Text size="xs" c="dimmed">
        {min} – {max}
      </Text>
      {problems > 0 && (
        <Badge color="red" variant="light" size="sm">
          {t('thresholds.problems', { count: problems })}
        </Badge>
      )}
    </Group>
  );
}

/** The metric's timings, each a whole number: which field, its label, and the end of its test id. */
const TIMINGS = [
  { field: 'notificationFrequencyHour', label: 'thresholds.frequency', testId: 'frequency' },
  { field: 'minutesBackward', label: 'thresholds.minutesBackward', testId: 'minutes-backward' },
] as const;

/** How often a metric's alert may repeat, and how far back its readings are judged. */
function MetricTimings({
  attribute,
  readOnly,
  onChange,
  testId,
}: Omit<MetricSectionProps, 'saving'> & { testId: string }) {
  const { t } = useTranslation('components');
  return (
    <Group gap="md" align="flex-end">
      {TIMINGS.map((timing) => (
        <NumberText
          key={timing.field}
          kind="digits"
          w={220}
          label={t(timing.label)}
          value={attribute[timing.field]}
          onChange={(value) => onChange({ ...attribute, [timing.field]: value })}
          readOnly={readOnly}
          data-testid={`${testId}-${timing.testId}`}
        />
      ))}
    </Group>
  );
}

/** One metric of the threshold accordion: its three bands, timings, channels and problems. */
export const MetricSection = memo(function MetricSection({
  attribute,
  readOnly,
  onChange,
  onSaveOne,
  saving,
}: MetricSectionProps) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  const { problems, unsetRange, changeBand, faulty } = useMetricProblems(attribute, onChange);
  const testId = `metric-${attribute.name}`;

  return (
    <Accordion.Item value={attribute.name} data-testid={testId}>
      <Accordion.Control>
        <MetricTitle attribute={attribute} problems={problems.length} testId={testId} />
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <Stack gap="xs">
            {BAND_KEYS.map((band) => (
              <BandEditor
                key={band}
                attribute={attribute}
                band={band}
                readOnly={readOnly}
                faulty={faulty[band]}
                onChange={changeBand}
              />
            ))}
          </Stack>
          {problems.length > 0 && (
            <Alert color="red" variant="light" p="xs" data-testid={`${testId}-problems`}>
              <List size="sm">
                {problems.map((problem) => (
                  <List.Item key={`${problem.band}-${problem.index}-${problem.message}`}>
                    {domainText(problem.message)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {unsetRange && (
            <Text size="sm" c="dimmed" data-testid={`${testId}-unset`}>
              {t('thresholds.unsetRange')}
            </Text>
          )}
          <MetricTimings attribute={attribute} readOnly={readOnly} onChange={onChange} testId={testId} />
          <ChannelToggles attribute={attribute} readOnly={readOnly} onChange={onChange} />
          {onSaveOne && !readOnly && (
            <Group justify="flex-end">
              <Button
                variant="light"
                onClick={() => onSaveOne(attribute)}
                disabled={problems.length > 0 || unsetRange}
                loading={saving}
                data-testid={`${testId}-save-one`}
              >
                {t('thresholds.saveOne')}
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
});
