import { NOTIFY_BANDS, NOTIFY_DEFAULT, type AlertAttribute, type NotifyBand } from '@evfleet/domain';
import { Checkbox, Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';

const CHANNELS = [
  { key: 'emailOn', label: 'thresholds.emailTemplate', id: 'email' },
  { key: 'smsOn', label: 'thresholds.smsTemplate', id: 'sms' },
] as const;

const BAND_NAMES = { WARNING: 'thresholds.warning', SEVERE: 'thresholds.severe' } as const satisfies Record<
  NotifyBand,
  string
>;

interface ChannelTogglesProps {
  attribute: AlertAttribute;
  readOnly: boolean;
  onChange: (next: AlertAttribute) => void;
}

/**
 * The E-Mail and SMS Template toggles of a metric with their Warning/Severe choice: which bands of
 * this metric are sent by each channel (docs/alerts.md). Off is an empty list; a list the attribute
 * does not carry means both bands.
 */
export function ChannelToggles({ attribute, readOnly, onChange }: ChannelTogglesProps) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  return (
    <Group gap="xl" align="flex-start">
      {CHANNELS.map(({ key, label: labelKey, id }) => {
        const label = t(labelKey);
        const bands = attribute[key] ?? NOTIFY_DEFAULT;
        const testId = `${attribute.name}-${id}`;
        return (
          <Group key={key} gap="sm" align="center">
            <Switch
              label={label}
              checked={bands.length > 0}
              disabled={readOnly}
              onChange={(event) =>
                onChange({ ...attribute, [key]: event.currentTarget.checked ? [...NOTIFY_DEFAULT] : [] })
              }
              data-testid={`${testId}-toggle`}
            />
            <Checkbox.Group
              value={[...bands]}
              // Keep the spec's order (Warning, Severe) whatever order they were ticked in.
              onChange={(chosen) =>
                onChange({ ...attribute, [key]: NOTIFY_BANDS.filter((band) => chosen.includes(band)) })
              }
              aria-label={t('thresholds.channelBands', { channel: label, metric: domainText(attribute.displayName) })}
            >
              <Group gap="sm">
                {NOTIFY_BANDS.map((band) => (
                  <Checkbox
                    key={band}
                    value={band}
                    label={t(BAND_NAMES[band])}
                    size="xs"
                    disabled={readOnly || bands.length === 0}
                    data-testid={`${testId}-${band.toLowerCase()}`}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Group>
        );
      })}
    </Group>
  );
}
