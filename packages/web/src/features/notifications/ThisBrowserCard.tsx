import { PUSH_SEVERITIES, type PushSeverity } from '@evfleet/domain';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../components/SectionHeading';
import type { BrowserPush } from './useBrowserPush';

/** Where this browser stands, as one word: what the badge says and the test reads. */
function stateOf(push: BrowserPush) {
  if (push.support !== 'supported') return push.support;
  if (push.permission === 'denied') return 'blocked';
  return push.mine ? 'on' : 'off';
}

/** This browser: whether it can show notifications, its permission, and turning them on or off with a least severity. */
export function ThisBrowserCard({ push }: { push: BrowserPush }) {
  const { t } = useTranslation('notifications');
  const state = stateOf(push);
  const [severity, setSeverity] = useState<PushSeverity>('WARNING');
  useEffect(() => {
    if (push.mine) setSeverity(push.mine.minSeverity);
  }, [push.mine]);
  const usable = state === 'on' || state === 'off';

  const chooseSeverity = (value: string | null) => {
    if (!value) return;
    setSeverity(value as PushSeverity);
    if (push.mine) void push.changeSeverity(value as PushSeverity);
  };

  return (
    <Card withBorder maw={760} data-testid="this-browser">
      <Stack gap="sm">
        <SectionHeading title={t('browser.title')} hint={t('browser.hint')} />
        <Group gap="xs">
          <Badge color={state === 'on' ? 'green' : usable ? 'gray' : 'red'} data-testid="push-state" data-state={state}>
            {t(`state.${state}`)}
          </Badge>
          {push.permission && (
            <Text size="sm" c="dimmed" data-testid="push-permission">
              {t(`permission.${push.permission}`)}
            </Text>
          )}
        </Group>
        {!usable && <Text size="sm">{t(`explain.${state}`)}</Text>}
        {usable && (
          <Group align="end">
            <Select
              label={t('severity.label')}
              data={PUSH_SEVERITIES.map((value) => ({ value, label: t(`severity.${value}`) }))}
              value={severity}
              onChange={chooseSeverity}
              allowDeselect={false}
              disabled={push.busy}
              w={280}
              data-testid="push-severity"
            />
            {state === 'on' ? (
              <Button
                variant="light"
                color="red"
                onClick={() => void push.turnOff()}
                loading={push.busy}
                data-testid="push-off"
              >
                {t('action.off')}
              </Button>
            ) : (
              <Button
                onClick={() => void push.turnOn(severity)}
                loading={push.busy}
                disabled={!push.ready}
                data-testid="push-on"
              >
                {t('action.on')}
              </Button>
            )}
          </Group>
        )}
        {push.failure && (
          <Alert color="red" data-testid="push-failure">
            {t(`failure.${push.failure}`)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
