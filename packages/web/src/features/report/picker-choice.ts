/** One choice of a FilterPicker. */
export interface PickerOption {
  value: string;
  label: string;
  /** One line on what the option is, shown when the pointer rests on it. */
  description?: string;
}

/** The option that stands for 'Select All' among a multi-select's options. */
export const SELECT_ALL = '__select_all__';

/** What the closed picker shows: the chosen labels in the options' order. */
export function summary(options: PickerOption[], value: string[]): string {
  const chosen = new Set(value);
  return options
    .filter((option) => chosen.has(option.value))
    .map((option) => option.label)
    .join(', ');
}

/** The options the filter box lets through; the key matches too, for whoever knows a signal by the name its device sends. */
export function matching(options: PickerOption[], filter: string): PickerOption[] {
  const needle = filter.trim().toLowerCase();
  return needle
    ? options.filter((option) => `${option.label}\n${option.value}`.toLowerCase().includes(needle))
    : options;
}

/** Whether every option shown is chosen (and one at least is shown): 'Select All' then takes them off. */
export function allChosen(shown: PickerOption[], value: string[]): boolean {
  const chosen = new Set(value);
  return shown.length > 0 && shown.every((option) => chosen.has(option.value));
}

/**
 * A multi-select's value after a click on `picked` among the `shown` options, in the options' order
 * whatever order they were clicked in. 'Select All' acts over the shown options only: all of them
 * on, or (when they already are) all of them off.
 */
export function afterPick(options: PickerOption[], value: string[], shown: PickerOption[], picked: string): string[] {
  const chosen = new Set(value);
  const inOrder = (keep: (option: PickerOption) => boolean) => options.filter(keep).map((option) => option.value);
  if (picked !== SELECT_ALL) return inOrder((o) => (o.value === picked ? !chosen.has(picked) : chosen.has(o.value)));
  const shownValues = new Set(shown.map((option) => option.value));
  return allChosen(shown, value)
    ? inOrder((o) => chosen.has(o.value) && !shownValues.has(o.value))
    : inOrder((o) => chosen.has(o.value) || shownValues.has(o.value));
}
