import { METRIC_NAMES, withAttribute, type AlertAttribute } from '@evfleet/domain';
import { Accordion } from '@mantine/core';
import { emptyAttribute } from './attribute-edit';
import { MetricSection } from './MetricSection';

export interface ThresholdEditorProps {
  /** The vehicle's or template's alert attributes. */
  value: readonly AlertAttribute[];
  onChange: (next: AlertAttribute[]) => void;
  /** 'Update This Signal Only' (docs/alerts.md): saves one metric at once; absent, the button is not shown. */
  onSaveOne?: (attribute: AlertAttribute) => void;
  /** The metric whose single save is running. */
  savingOne?: string | null;
  readOnly?: boolean;
}

/**
 * The threshold accordion of the vehicle form and the template detail (part 2 §2): one section per
 * metric of §3, in the catalogue's order. A metric the list lacks shows with no ranges and joins the
 * list once edited.
 */
export function ThresholdEditor({ value, onChange, onSaveOne, savingOne = null, readOnly = false }: ThresholdEditorProps) {
  return (
    <Accordion multiple variant="separated" data-testid="threshold-editor">
      {METRIC_NAMES.map((name) => (
        <MetricSection
          key={name}
          attribute={value.find((attribute) => attribute.name === name) ?? emptyAttribute(name)}
          readOnly={readOnly}
          onChange={(next) => onChange(withAttribute(value, next))}
          onSaveOne={onSaveOne}
          saving={savingOne === name}
        />
      ))}
    </Accordion>
  );
}
