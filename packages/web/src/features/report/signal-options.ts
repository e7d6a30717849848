import { signalInfo, signalLabel, type SignalSettings } from '@evfleet/domain';
import type { PickerOption } from './FilterPicker';

/**
 * The signal settings (key → label, in report order) as picker options, named by the signal
 * dictionary; a signal only a device knows keeps the server's label, its key.
 */
export const signalOptions = (settings: SignalSettings | undefined): PickerOption[] =>
  Object.entries(settings ?? {}).map(([value, label]) => {
    const known = signalInfo(value);
    return known ? { value, label: signalLabel(value), description: known.description } : { value, label };
  });
