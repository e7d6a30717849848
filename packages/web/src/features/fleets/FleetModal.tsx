import { fleetWriteSchema, type Fleet, type FleetWrite } from '@evfleet/domain';
import { NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import { useDealerOptions, useSaveFleet } from './api/fleets-api';

type FleetFormInput = z.input<typeof fleetWriteSchema>;

function defaultsFor(fleet: Fleet | null): FleetFormInput {
  // A new fleet is Active unless the form says otherwise (§3).
  if (!fleet) return { name: '', email: '', dealerId: '', status: true };
  const { id, name, email, dealerId, status } = fleet;
  return { id, name, email, dealerId: String(dealerId), status };
}

interface FleetModalProps {
  /** null: 'Add Fleet'; a fleet: 'Edit Fleet'. */
  fleet: Fleet | null;
  opened: boolean;
  onClose: () => void;
  /** After a save: the list goes back to page 0, size 10 (§4). */
  onSaved: () => void;
}

export function FleetModal({ fleet, opened, onClose, onSaved }: FleetModalProps) {
  const dealers = useDealerOptions(opened);
  const save = useSaveFleet();
  const submit = async (values: FleetWrite) => {
    await save.mutateAsync(values);
    onSaved();
    onClose();
  };
  const options = (dealers.data ?? []).map((dealer) => ({ value: String(dealer.id), label: dealer.name }));
  if (fleet && !options.some((option) => option.value === String(fleet.dealerId))) {
    options.push({ value: String(fleet.dealerId), label: fleet.dealerName });
  }

  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={fleet ? 'Edit Fleet' : 'Add Fleet'}
      schema={fleetWriteSchema}
      defaultValues={defaultsFor(fleet)}
      onSubmit={submit}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label="Fleet Name"
            withAsterisk
            data-autofocus
            data-testid="fleet-name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="Fleet Email"
            type="email"
            withAsterisk
            data-testid="fleet-email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="dealerId"
            // Controlled, so the chosen dealer shows even when the options arrive after the form.
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Dealer Name"
                withAsterisk
                data={[{ value: '', label: dealers.isPending ? 'Loading..' : 'Select a dealer' }, ...options]}
                data-testid="fleet-dealerId"
                error={fieldState.error?.message}
                {...field}
                value={String(field.value ?? '')}
              />
            )}
          />
          <DealerEmail control={control} fallback={fleet?.dealerEmail ?? ''} dealers={dealers.data ?? []} />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Status
                </Text>
                <SegmentedControl
                  data={[
                    { value: 'active', label: 'Active' },
                    { value: 'inactive', label: 'Inactive' },
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
  const dealerId = useWatch({ control, name: 'dealerId' });
  const email = dealers.find((dealer) => String(dealer.id) === String(dealerId))?.email ?? (dealerId ? fallback : '');
  return <TextInput label="Dealer Email" value={email} readOnly variant="filled" data-testid="fleet-dealerEmail" />;
}
