import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import type { OwnerChoices } from './api/owner-choices';
import type { ZoneFormValues } from './zone-form';

interface OwnerSelectProps {
  control: Control<ZoneFormValues, unknown, unknown>;
  owners: OwnerChoices;
  readOnly: boolean;
}

/** An owner as the select keeps it: 'dealer:12' or 'fleet:5'. */
const ownerValue = (dealerId: number | null | undefined, fleetId: number | null | undefined) =>
  dealerId != null ? `dealer:${dealerId}` : fleetId != null ? `fleet:${fleetId}` : '';

const options = (kind: 'dealer' | 'fleet', names: ReadonlyMap<number, string>) =>
  [...names].map(([id, name]) => ({ value: `${kind}:${id}`, label: name }));

/**
 * The zone's owner: one dealer or one fleet among those the user manages, kept in the form as
 * dealerId and fleetId (one of them null). The only choice a user has is taken for them.
 */
export function OwnerSelect({ control, owners, readOnly }: OwnerSelectProps) {
  const { t } = useTranslation('zones');
  const domainText = useDomainText();
  const dealer = useController({ control, name: 'dealerId' });
  const fleet = useController({ control, name: 'fleetId' });
  const value = ownerValue(dealer.field.value, fleet.field.value);
  const choices = [...options('dealer', owners.dealers), ...options('fleet', owners.fleets)];

  const choose = (next: string) => {
    const [kind, id] = next.split(':');
    dealer.field.onChange(kind === 'dealer' ? Number(id) : null);
    fleet.field.onChange(kind === 'fleet' ? Number(id) : null);
  };
  const only = choices.length === 1 ? choices[0].value : null;
  useEffect(() => {
    if (!value && only && !readOnly) choose(only);
    // choose only writes the two fields; it is made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, only, readOnly]);

  const error = dealer.fieldState.error?.message ?? fleet.fieldState.error?.message;
  return (
    <NativeSelect
      label={t('field.owner')}
      description={t('field.ownerHint')}
      withAsterisk={!readOnly}
      disabled={readOnly}
      ref={dealer.field.ref}
      value={value}
      onChange={(event) => choose(event.currentTarget.value)}
      data={[
        { value: '', label: t('field.ownerChoose') },
        ...[
          { group: t('owner.dealers'), items: options('dealer', owners.dealers) },
          { group: t('owner.fleets'), items: options('fleet', owners.fleets) },
        ].filter((group) => group.items.length > 0),
      ]}
      error={domainText(error)}
      data-testid="zone-owner"
    />
  );
}
