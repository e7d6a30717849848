import type { Tracker } from '@evfleet/domain';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../components/format/useFormat';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

interface TrackerSummaryProps {
  tracker: Tracker;
}

/** What the vehicle's tracker is, and when and from where it last connected. */
export function TrackerSummary({ tracker }: TrackerSummaryProps) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const teltonika = tracker.protocol === 'teltonika';
  if (tracker.protocol === 'none')
    return (
      <Text size="sm" c="dimmed" data-testid="tracker-none">
        {t('tracker.none')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label={t('tracker.protocol')} testId="tracker-kind">
        {t(`tracker.kind.${tracker.protocol}`)}
      </Field>
      <Field label={teltonika ? t('tracker.imei') : t('tracker.phoneId')} testId="tracker-id">
        <Code>{tracker.identifier}</Code>
      </Field>
      {teltonika && (
        <Field label={t('tracker.profile')} testId="tracker-profile-name">
          {tracker.profileName ?? '—'}
        </Field>
      )}
      <Field label={t('tracker.lastConnected')} testId="tracker-last-connected">
        {tracker.lastConnectedAt ? (
          <span title={format.dateTime(tracker.lastConnectedAt, { seconds: true, zoneName: true })}>
            {format.dateTime(tracker.lastConnectedAt)} ({format.relative(tracker.lastConnectedAt, Date.now())})
          </span>
        ) : (
          t('tracker.neverConnected')
        )}
      </Field>
      <Field label={t('tracker.lastAddress')} testId="tracker-last-address">
        {tracker.lastAddress ? <Code>{tracker.lastAddress}</Code> : '—'}
      </Field>
    </SimpleGrid>
  );
}
