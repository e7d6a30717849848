import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OwnerChoices } from '../../api/owner-choices';
import { useDomainText } from '../../i18n/useDomainText';

/** A form whose record belongs to one dealer or one fleet, kept as dealerId and fleetId (one of them null). */
type Owned = FieldValues & { dealerId?: number | null; fleetId?: number | null };

interface OwnerSelectProps<In extends Owned> {
  control: Control<In, unknown, unknown>;
  owners: OwnerChoices;
  label: string;
  description: string;
  /** What the empty choice says: 'Choose …' when an owner is required, what no owner means otherwise. */
  emptyLabel: string;
  /** An owner must be chosen: the field is marked, and the only choice a user has is taken for them. */
  required: boolean;
  readOnly?: boolean;
  testId: string;
}

/** An owner as the select keeps it: 'dealer:12' or 'fleet:5'. */
const ownerValue = (dealerId: number | null | undefined, fleetId: number | null | undefined) =>
  dealerId != null ? `dealer:${dealerId}` : fleetId != null ? `fleet:${fleetId}` : '';

const options = (kind: 'dealer' | 'fleet', names: ReadonlyMap<number, string>) =>
  [...names].map(([id, name]) => ({ value: `${kind}:${id}`, label: name }));

/** A record's owner: one dealer or one fleet among those the user manages, the dealers and fleets grouped. */
export function OwnerSelect<In extends Owned>({
  control,
  owners,
  label,
  description,
  emptyLabel,
  required,
  readOnly = false,
  testId,
}: OwnerSelectProps<In>) {
  const { t } = useTranslation('components');
  const domainText = useDomainText();
  // Every owned form has these two fields (the Owned bound); react-hook-form cannot see that in a generic.
  const dealer = useController({ control, name: 'dealerId' as Path<In> });
  const fleet = useController({ control, name: 'fleetId' as Path<In> });
  const value = ownerValue(dealer.field.value, fleet.field.value);
  const choices = [...options('dealer', owners.dealers), ...options('fleet', owners.fleets)];

  const choose = (next: string) => {
    const [kind, id] = next.split(':');
    dealer.field.onChange(kind === 'dealer' ? Number(id) : null);
    fleet.field.onChange(kind === 'fleet' ? Number(id) : null);
  };
  const only = required && !readOnly && choices.length === 1 ? choices[0].value : null;
  useEffect(() => {
    if (!value && only) choose(only);
    // choose only writes the two fields; it is made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, only]);

  const error = dealer.fieldState.error?.message ?? fleet.fieldState.error?.message;
  return (
    <NativeSelect
      label={label}
      description={description}
      withAsterisk={required && !readOnly}
      disabled={readOnly}
      ref={dealer.field.ref}
      value={value}
      onChange={(event) => choose(event.currentTarget.value)}
      data={[
        { value: '', label: emptyLabel },
        ...[
          { group: t('owner.dealers'), items: options('dealer', owners.dealers) },
          { group: t('owner.fleets'), items: options('fleet', owners.fleets) },
        ].filter((group) => group.items.length > 0),
      ]}
      error={domainText(error)}
      data-testid={testId}
    />
  );
}
