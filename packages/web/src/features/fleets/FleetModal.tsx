import { fleetWriteSchema, type Fleet, type FleetWrite } from '@evfleet/domain';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import type { ModalProps } from '../../components/modal-props';
import { TextFields } from '../../components/form/TextFields';
import { OptionSelect } from '../../components/person/OptionSelect';
import { useDealerOptions, useSaveFleet } from './api/fleets-api';

type FleetFormInput = z.input<typeof fleetWriteSchema>;

function defaultsFor(fleet: Fleet | null): FleetFormInput {
  // A new fleet is Active unless the form says otherwise (§3).
  if (!fleet) return { name: '', email: '', dealerId: '', status: true };
  const { id, name, email, dealerId, status } = fleet;
  return { id, name, email, dealerId: String(dealerId), status };
}

interface FleetModalProps extends ModalProps {
  /** null: 'Add Fleet'; a fleet: 'Edit Fleet'. */
  fleet: Fleet | null;
  /** After a save: the list goes back to page 0, size 10 (§4). */
  onSaved: () => void;
}

export function FleetModal({ fleet, onSaved, ...modal }: FleetModalProps) {
  const { t } = useTranslation('fleets');
  const dealers = useDealerOptions(modal.opened);
  const save = useSaveFleet();
  const submit = async (values: FleetWrite) => {
    await save.mutateAsync(values);
    onSaved();
    modal.onClose();
  };
  const options = (dealers.data ?? []).map((dealer) => ({ value: String(dealer.id), label: dealer.name }));
  if (fleet && !options.some((option) => option.value === String(fleet.dealerId))) {
    options.push({ value: String(fleet.dealerId), label: fleet.dealerName });
  }

  return (
    <EntityModal
      {...modal}
      title={t(fleet ? 'form.edit' : 'form.add')}
      schema={fleetWriteSchema}
      defaultValues={defaultsFor(fleet)}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[
              { name: 'name', label: t('name'), testId: 'fleet-name', autofocus: true },
              { name: 'email', label: t('email'), testId: 'fleet-email', kind: 'email' },
            ]}
          />
          <OptionSelect
            control={form.control}
            name="dealerId"
            label={t('dealerName')}
            required
            placeholder={t(dealers.isPending ? 'form.loading' : 'form.chooseDealer')}
            options={options}
            testId="fleet-dealerId"
          />
          <DealerEmail control={form.control} fallback={fleet?.dealerEmail ?? ''} dealers={dealers.data ?? []} />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('status')}
                </Text>
                <SegmentedControl
                  data={[
                    { value: 'active', label: t('active') },
                    { value: 'inactive', label: t('inactive') },
                  ]}
                  value={field.value === false ? 'inactive' : 'active'}
                  onChange={(value) => field.onChange(value === 'active')}
                  data-testid="fleet-status"
                />
              </Stack>
            )}
          />
        </>
      )}
    </EntityModal>
  );
}

/** The dealer's email, read-only, following the chosen dealer (§5). */
function DealerEmail({
  control,
  fallback,
  dealers,
}: {
  control: Control<FleetFormInput>;
  fallback: string;
  dealers: { id: number; email: string }[];
}) {
  const { t } = useTranslation('fleets');
  const dealerId = useWatch({ control, name: 'dealerId' });
  const email = dealers.find((dealer) => String(dealer.id) === String(dealerId))?.email ?? (dealerId ? fallback : '');
  return <TextInput label={t('dealerEmail')} value={email} readOnly variant="filled" data-testid="fleet-dealerEmail" />;
}
