import { BAND_LABELS, METRICS, type AlertAttribute, type BandKey, type Range } from '@evfleet/domain';
import { ActionIcon, Group, RangeSlider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { BAND_COLORS, rangeButton, setBound, setRange, toggleRange } from './attribute-edit';
import { NumberText } from './NumberText';

interface BandEditorProps {
  attribute: AlertAttribute;
  band: BandKey;
  readOnly: boolean;
  /** Range indexes of this band that a problem points at: their inputs show red. */
  faulty: ReadonlySet<number>;
  /** The change, and which range it touched ('added': the plus button made it). */
  onChange: (next: AlertAttribute, touched: RangeTouch) => void;
}

export interface RangeTouch {
  band: BandKey;
  index: number;
  added?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** One band of a metric (Normal, Moderate or Severe): each range's lower and upper inputs and its slider. */
export function BandEditor({ attribute, band, readOnly, faulty, onChange }: BandEditorProps) {
  const { t } = useTranslation('components');
  // The slider spans the metric's range (§5).
  const { min, max } = METRICS[attribute.name];
  const domainText = useDomainText();
  const ranges = attribute[band];
  const label = domainText(BAND_LABELS[band]);
  const metric = domainText(attribute.displayName);
  const color = BAND_COLORS[band];
  const testId = `${attribute.name}-${band}`;
  const button = readOnly ? null : rangeButton(attribute, band);
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Group w={130} justify="space-between" wrap="nowrap" h={30} style={{ flexShrink: 0 }}>
        <Text fw={600} size="sm" c={`${color}.8`}>
          {label}
        </Text>
        {button && (
          <ActionIcon
            variant="light"
            color={color}
            size="sm"
            aria-label={
              button === 'remove'
                ? t('thresholds.removeRangeOf', { band: label, metric })
                : t('thresholds.addRangeTo', { band: label, metric })
            }
            title={t(button === 'remove' ? 'thresholds.removeRange' : 'thresholds.addRange')}
            onClick={() =>
              onChange(toggleRange(attribute, band), {
                band,
                index: button === 'add' ? ranges.length : ranges.length - 1,
                added: button === 'add',
              })
            }
            data-testid={`${testId}-toggle`}
          >
            {button === 'remove' ? '−' : '+'}
          </ActionIcon>
        )}
      </Group>
      <Stack gap={6} flex={1}>
        {ranges.length === 0 && (
          <Text size="xs" c="dimmed" lh="30px">
            {t('thresholds.noRange')}
          </Text>
        )}
        {ranges.map((range, index) => (
          <RangeRow
            key={index}
            range={range}
            label={`${metric} ${label}${ranges.length > 1 ? ` ${index + 1}` : ''}`}
            testId={`${testId}-${index}`}
            min={min}
            max={max}
            readOnly={readOnly}
            faulty={faulty.has(index)}
            onBound={(bound, value) => onChange(setBound(attribute, band, index, bound, value), { band, index })}
            onRange={(next) => onChange(setRange(attribute, band, index, next), { band, index })}
            color={color}
          />
        ))}
      </Stack>
    </Group>
  );
}

interface RangeRowProps {
  range: Range;
  label: string;
  testId: string;
  min: number;
  max: number;
  readOnly: boolean;
  faulty: boolean;
  color: string;
  onBound: (bound: keyof Range, value: number) => void;
  onRange: (range: Range) => void;
}

function RangeRow({ range, label, testId, min, max, readOnly, faulty, color, onBound, onRange }: RangeRowProps) {
  const { t } = useTranslation('components');
  const labels = { low: t('thresholds.lower', { range: label }), high: t('thresholds.upper', { range: label }) };
  const boundInput = (bound: keyof Range) => (
    <NumberText
      kind="decimal"
      w={90}
      size="xs"
      aria-label={labels[bound]}
      value={range[bound]}
      onChange={(value) => onBound(bound, value)}
      readOnly={readOnly}
      error={faulty}
      data-testid={`${testId}-${bound}`}
    />
  );
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {boundInput('low')}
      <RangeSlider
        flex={1}
        min={min}
        max={max}
        step={1}
        minRange={0}
        color={color}
        // A bound typed outside the slider's range (or a new 1-1 range below it) shows at the nearest end.
        value={[clamp(range.low, min, max), clamp(range.high, min, max)]}
        onChange={([low, high]) => onRange({ low, high })}
        disabled={readOnly}
        label={null}
        thumbFromLabel={labels.low}
        thumbToLabel={labels.high}
        data-testid={`${testId}-slider`}
      />
      {boundInput('high')}
    </Group>
  );
}
