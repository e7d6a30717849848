import { BAND_KEYS, METRICS, signalLabel, thresholdProblems, type AlertAttribute, type BandKey } from '@evfleet/domain';
import { Accordion, Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { BandEditor } from './BandEditor';
import { ChannelToggles } from './ChannelToggles';
import { NumberText } from './NumberText';

interface MetricSectionProps {
  attribute: AlertAttribute;
  readOnly: boolean;
  onChange: (next: AlertAttribute) => void;
  /** 'Update This Signal Only': saves this metric alone; absent, the button is not offered. */
  onSaveOne?: (attribute: AlertAttribute) => void;
  saving: boolean;
}

/** One metric of the threshold accordion: its three bands, timings, channels and problems. */
export const MetricSection = memo(function MetricSection({
  attribute,
  readOnly,
  onChange,
  onSaveOne,
  saving,
}: MetricSectionProps) {
  const { min, max } = METRICS[attribute.name];
  const problems = useMemo(() => thresholdProblems(attribute), [attribute]);
  const faulty = useMemo(() => {
    const byBand = Object.fromEntries(BAND_KEYS.map((band) => [band, new Set<number>()])) as Record<
      BandKey,
      Set<number>
    >;
    for (const problem of problems)
      if (problem.band && problem.index !== undefined) byBand[problem.band].add(problem.index);
    return byBand;
  }, [problems]);
  const testId = `metric-${attribute.name}`;

  return (
    <Accordion.Item value={attribute.name} data-testid={testId}>
      <Accordion.Control>
        <Group gap="sm">
          {/* The dictionary's name and unit: a stored displayName may be whatever a spreadsheet said. */}
          <Text fw={600} data-testid={`${testId}-name`}>
            {signalLabel(attribute.name)}
          </Text>
          <Text size="xs" c="dimmed">
            {min} – {max}
          </Text>
          {problems.length > 0 && (
            <Badge color="red" variant="light" size="sm">
              {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <Stack gap="xs">
            {BAND_KEYS.map((band) => (
              <BandEditor
                key={band}
                attribute={attribute}
                band={band}
                min={min}
                max={max}
                readOnly={readOnly}
                faulty={faulty[band]}
                onChange={onChange}
              />
            ))}
          </Stack>
          {problems.length > 0 && (
            <Alert color="red" variant="light" p="xs" data-testid={`${testId}-problems`}>
              <List size="sm">
                {problems.map((problem) => (
                  <List.Item key={`${problem.band}-${problem.index}-${problem.message}`}>{problem.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group gap="md" align="flex-end">
            <NumberText
              kind="digits"
              w={220}
              label="Notification Frequency (Mins)"
              value={attribute.notificationFrequencyHour}
              onChange={(value) => onChange({ ...attribute, notificationFrequencyHour: value })}
              readOnly={readOnly}
              data-testid={`${testId}-frequency`}
            />
            <NumberText
              kind="digits"
              w={220}
              label="Minutes Backward (Mins)"
              value={attribute.minutesBackward}
              onChange={(value) => onChange({ ...attribute, minutesBackward: value })}
              readOnly={readOnly}
              data-testid={`${testId}-minutes-backward`}
            />
          </Group>
          <ChannelToggles attribute={attribute} readOnly={readOnly} onChange={onChange} />
          {onSaveOne && !readOnly && (
            <Group justify="flex-end">
              <Button
                variant="light"
                onClick={() => onSaveOne(attribute)}
                disabled={problems.length > 0}
                loading={saving}
                data-testid={`${testId}-save-one`}
              >
                Update This Signal Only
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
});
