import { signalInfo, signalLabel, type SignalSettings } from '@evfleet/domain';
import type { useDomainText } from '../../i18n/useDomainText';
import type { PickerOption } from './picker-choice';

/**
 * The signal settings (key → label, in report order) as picker options, named by the signal
 * dictionary; a signal only a device knows keeps the server's label, its key.
 */
export const signalOptions = (
  settings: SignalSettings | undefined,
  domainText: ReturnType<typeof useDomainText>,
): PickerOption[] =>
  Object.entries(settings ?? {}).map(([value, label]) => {
    const known = signalInfo(value);
    return known
      ? { value, label: domainText(signalLabel(value)), description: domainText(known.description) }
      : { value, label };
  });
