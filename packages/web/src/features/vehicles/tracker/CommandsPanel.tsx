import { commandWriteSchema, type CommandStatus, type CommandWrite, type TrackerCommand } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Code, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../../api/field-errors';
import type { Format } from '../../../components/format/format';
import { NONE } from '../../../components/format/figures';
import { useFormat } from '../../../components/format/useFormat';
import { SectionHeading } from '../../../components/SectionHeading';
import { useDomainText } from '../../../i18n/useDomainText';
import { useCommands, useSendCommand } from './api/tracker-api';

const STATUS_COLOURS: Record<CommandStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  answered: 'green',
  failed: 'red',
};

const RESPONSE_STYLE = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  borderRadius: 'var(--mantine-radius-sm)',
} as const;

/**
 * Codec 12 commands to the vehicle's Teltonika tracker (docs/devices.md): a text box and Send, then
 * each command with its status and the tracker's answer. It holds no form element of its own, so it
 * also sits inside the vehicle form: Enter in the box sends the command, not the form.
 */
export function CommandsPanel({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const commands = useCommands(vehicleId, true);
  const send = useSendCommand(vehicleId);
  const form = useForm<CommandWrite>({ resolver: zodResolver(commandWriteSchema), defaultValues: { text: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset({ text: '' });
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <Stack gap="sm" data-testid="tracker-commands">
      <SectionHeading title={t('commands.title')} hint={t('commands.hint')} />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          aria-label={t('commands.command')}
          placeholder="getinfo"
          autoComplete="off"
          spellCheck={false}
          ff="monospace"
          error={domainText(errors.text?.message)}
          onKeyDown={onKeyDown}
          data-testid="command-text"
          {...form.register('text')}
        />
        <Button onClick={() => void submit()} loading={isSubmitting} data-testid="command-send">
          {t('commands.send')}
        </Button>
      </Group>
      <CommandList commands={commands.data} loading={commands.isPending} failed={commands.isError} />
    </Stack>
  );
}

function CommandList({
  commands,
  loading,
  failed,
}: {
  commands: TrackerCommand[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('vehicles');
  if (failed) return <Alert color="red">{t('commands.loadFailed')}</Alert>;
  if (loading || !commands) return <Loader size="sm" aria-label={t('commands.loading')} />;
  if (commands.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="commands-empty">
        {t('commands.empty')}
      </Text>
    );
  // One command under the other, its answer across the whole width: answers run to a few hundred characters.
  return (
    <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="commands-list">
        {commands.map((command) => (
          <CommandItem key={command.id} command={command} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function CommandItem({ command }: { command: TrackerCommand }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="xs"
      data-testid={`command-${command.id}`}
      data-status={command.status}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm">{command.text}</Code>
          <Badge color={STATUS_COLOURS[command.status]} variant="light" data-testid="command-status">
            {t(`commands.status.${command.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('commands.by', { login: command.createdBy, at: moment(command.createdAt, format) })}
        </Text>
      </Group>
      {(command.sentAt || command.answeredAt) && (
        <Text size="xs" c="dimmed" mt={4}>
          {[
            command.sentAt && t('commands.sentAtTime', { at: moment(command.sentAt, format) }),
            command.answeredAt && t('commands.answeredAtTime', { at: moment(command.answeredAt, format) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {command.response !== null && (
        <Text
          size="sm"
          ff="monospace"
          mt={6}
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={RESPONSE_STYLE}
          data-testid="command-response"
        >
          {command.response}
        </Text>
      )}
    </Paper>
  );
}

const moment = (at: string | null, format: Format) => (at ? format.dateTime(at, { seconds: true }) : NONE);
