import { LOG_LEVELS, type LogLevel } from '@evfleet/domain';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../notify/toast';
import { TableHeader } from '../../../components/TableHeader';
import { useChangeLogger, useLoggers } from '../api/management-api';
import { FilterInput } from './FilterInput';
import { QueryState } from './QueryState';

/** /admin/logs: every named logger with its level; a click changes it at once, on this instance. */
export function LoggersPage() {
  const { t } = useTranslation('admin');
  const loggers = useLoggers();
  const change = useChangeLogger();
  const [filter, setFilter] = useState('');

  const set = (name: string, level: LogLevel | null) =>
    change.mutateAsync({ name, level }).then(
      () => toast.success(level ? t('logs.changed', { name, level }) : t('logs.changedToRoot', { name })),
      () => undefined, // the HTTP client has already said why
    );

  return (
    <Stack p="md">
      <Title order={2}>{t('section.logs')}</Title>
      <FilterInput value={filter} onChange={setFilter} placeholder={t('logs.placeholder')} />
      <QueryState query={loggers}>
        {(data) => (
          <Table striped data-testid="loggers">
            <TableHeader columns={[t('logs.name'), t('logs.level')]} />
            <Table.Tbody>
              {Object.entries(data.loggers)
                .filter(([name]) => name.toLowerCase().includes(filter.toLowerCase()))
                .map(([name, logger]) => (
                  <Table.Tr key={name} data-testid={`logger-${name}`}>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                      {!logger.configuredLevel && name !== 'ROOT' && (
                        <Text size="xs" c="dimmed">
                          {t('logs.followsRoot')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {LOG_LEVELS.map((level) => (
                          <Button
                            key={level}
                            size="compact-xs"
                            variant={logger.effectiveLevel === level ? 'filled' : 'default'}
                            aria-pressed={logger.effectiveLevel === level}
                            onClick={() => void set(name, level)}
                          >
                            {level}
                          </Button>
                        ))}
                        {logger.configuredLevel && name !== 'ROOT' && (
                          <Button size="compact-xs" variant="subtle" onClick={() => void set(name, null)}>
                            {t('logs.followRoot')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
