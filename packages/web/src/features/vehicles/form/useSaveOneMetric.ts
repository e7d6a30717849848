import type { AlertAttribute } from '@evfleet/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../../i18n/useDomainText';
import { toast } from '../../../notify/toast';
import { useSaveVehicleAttribute } from '../api/vehicles-api';

/**
 * 'Update This Signal Only' of a stored vehicle (docs/alerts.md): saves that metric's thresholds at
 * once, leaving the rest of the form unsaved. Nothing to run for a vehicle not created yet.
 */
export function useSaveOneMetric(vehicleId: number | undefined) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const save = useSaveVehicleAttribute(vehicleId ?? 0);
  const [saving, setSaving] = useState<string | null>(null);
  const run = async (attribute: AlertAttribute) => {
    setSaving(attribute.name);
    try {
      await save.mutateAsync(attribute);
      toast.success(t('toast.signalUpdated', { signal: domainText(attribute.displayName) }));
    } catch {
      // the HTTP client has already said why
    } finally {
      setSaving(null);
    }
  };
  return { run: vehicleId === undefined ? undefined : run, saving };
}
