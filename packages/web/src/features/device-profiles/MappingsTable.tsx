import { TRACKER_MESSAGES, type DeviceProfileWrite } from '@evfleet/domain';
import { ActionIcon, Checkbox, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useWatch, type FieldArrayWithId, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../components/icons';
import { useDomainText } from '../../i18n/useDomainText';
import { ActionsHeader } from './ActionsHeader';
import type { MappingsForm } from './mappings-form';
import { SignalInput } from './SignalInput';

type ProfileForm = UseFormReturn<MappingsForm, unknown, DeviceProfileWrite>;

interface MappingsTableProps {
  form: ProfileForm;
  rows: FieldArrayWithId<MappingsForm, 'mappings'>[];
  onRemove: (index: number) => void;
}

/** Inputs of different heights (one with its signal's meaning under it) line up at their tops. */
const TOP = { verticalAlign: 'top' } as const;

/** The profile's mappings as an editable table: one row per IO element, its source read-only. */
export function MappingsTable({ form, rows, onRemove }: MappingsTableProps) {
  const { t } = useTranslation('device-profiles');
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" py="md" data-testid="mappings-empty">
        {t('mappings.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing={6} horizontalSpacing="xs" data-testid="mappings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('mappings.io')}</Table.Th>
            <Table.Th miw={170}>{t('mappings.signal')}</Table.Th>
            <Table.Th w={150}>{t('mappings.scale')}</Table.Th>
            <Table.Th w={84}>{t('mappings.offset')}</Table.Th>
            <Table.Th w={64} ta="center">
              {t('mappings.signed')}
            </Table.Th>
            <ActionsHeader w={80} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <MappingRowView key={row.id} form={form} index={index} onRemove={() => onRemove(index)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MappingRowView({ form, index, onRemove }: { form: ProfileForm; index: number; onRemove: () => void }) {
  const { t } = useTranslation('device-profiles');
  const domainText = useDomainText();
  const { register, control, formState } = form;
  const io = useWatch({ control, name: `mappings.${index}.io` });
  const source = useWatch({ control, name: `mappings.${index}.source` });
  const errors = formState.errors.mappings?.[index];
  // The figures' own messages are zod's (expected number, received NaN): the table says what it wants instead.
  const ioError =
    errors?.io &&
    (errors.io.message === TRACKER_MESSAGES.duplicateIo ? domainText(errors.io.message) : t('mappings.ioInvalid'));
  const named = io.trim() || `#${index + 1}`;
  const removeLabel = io.trim() ? t('mappings.remove', { io }) : t('mappings.removeNew');

  return (
    <Table.Tr data-testid={`mapping-row-${index}`} data-io={io}>
      <Table.Td style={TOP}>
        <TextInput
          size="xs"
          inputMode="numeric"
          aria-label={t('mappings.ioOf', { row: index + 1 })}
          error={ioError}
          data-testid={`mapping-io-${index}`}
          {...register(`mappings.${index}.io`)}
        />
      </Table.Td>
      <Table.Td style={TOP}>
        <Controller
          control={control}
          name={`mappings.${index}.signal`}
          render={({ field, fieldState }) => (
            <SignalInput
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('mappings.signalOf', { io: named })}
              error={domainText(fieldState.error?.message)}
              testId={`mapping-signal-${index}`}
            />
          )}
        />
      </Table.Td>
      <FigureCell form={form} index={index} name="scale" label={t('mappings.scaleOf', { io: named })} />
      <FigureCell form={form} index={index} name="offset" label={t('mappings.offsetOf', { io: named })} />
      <Table.Td style={TOP}>
        <Checkbox
          mt={6}
          mx="auto"
          w="fit-content"
          aria-label={t('mappings.signedOf', { io: named })}
          {...register(`mappings.${index}.signed`)}
        />
      </Table.Td>
      <Table.Td style={TOP}>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          {source && <SourceInfo source={source} io={named} testId={`mapping-source-${index}`} />}
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={removeLabel}
            title={removeLabel}
            data-testid={`mapping-remove-${index}`}
          >
            <TrashIcon />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface FigureCellProps {
  form: ProfileForm;
  index: number;
  name: 'scale' | 'offset';
  label: string;
}

/** The scale or the offset of a row: a figure typed with either decimal mark. */
function FigureCell({ form, index, name, label }: FigureCellProps) {
  const { t } = useTranslation('device-profiles');
  const error = form.formState.errors.mappings?.[index]?.[name];
  return (
    <Table.Td style={TOP}>
      <TextInput
        size="xs"
        inputMode="decimal"
        aria-label={label}
        error={error && t('mappings.numberInvalid')}
        {...form.register(`mappings.${index}.${name}`)}
      />
    </Table.Td>
  );
}

/** Where Teltonika documents the element (the built-in mappings): a long reference, read on demand. */
function SourceInfo({ source, io, testId }: { source: string; io: string; testId: string }) {
  const { t } = useTranslation('device-profiles');
  return (
    <Tooltip label={source} multiline w={360} withArrow position="left">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('mappings.sourceOf', { io, source })}
        data-testid={testId}
      >
        <IconInfoCircle size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
