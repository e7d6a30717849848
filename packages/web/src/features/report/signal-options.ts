import type { SignalSettings } from '@evfleet/domain';
import type { PickerOption } from './FilterPicker';

/** The signal settings (key → label, in report order) as picker options. */
export const signalOptions = (settings: SignalSettings | undefined): PickerOption[] =>
  Object.entries(settings ?? {}).map(([value, label]) => ({ value, label }));
