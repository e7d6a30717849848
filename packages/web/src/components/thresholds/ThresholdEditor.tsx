import { METRIC_NAMES, withAttribute, type AlertAttribute, type MetricName } from '@evfleet/domain';
import { Accordion } from '@mantine/core';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
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

/** Metrics the list lacks (the gear selector has no default thresholds), made once. */
const EMPTY = Object.fromEntries(METRIC_NAMES.map((name) => [name, emptyAttribute(name)])) as Record<
  MetricName,
  AlertAttribute
>;

/**
 * The threshold accordion of the vehicle form and the template detail (part 2 §2): one section per
 * metric of §3, in the catalogue's order. A metric the list lacks shows with no ranges and joins the
 * list once edited. Only the section being edited renders again: the others keep their attribute
 * object and receive handlers that never change.
 */
export function ThresholdEditor({
  value,
  onChange,
  onSaveOne,
  savingOne = null,
  readOnly = false,
}: ThresholdEditorProps) {
  const latest = useRef({ value, onChange, onSaveOne });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onSaveOne };
  });
  const change = useCallback(
    (next: AlertAttribute) => latest.current.onChange(withAttribute(latest.current.value, next)),
    [],
  );
  const saveOne = useCallback((attribute: AlertAttribute) => latest.current.onSaveOne?.(attribute), []);
  const byName = useMemo(() => new Map(value.map((attribute) => [attribute.name, attribute])), [value]);

  return (
    <Accordion multiple variant="separated" data-testid="threshold-editor">
      {METRIC_NAMES.map((name) => (
        <MetricSection
          key={name}
          attribute={byName.get(name) ?? EMPTY[name]}
          readOnly={readOnly}
          onChange={change}
          onSaveOne={onSaveOne && saveOne}
          saving={savingOne === name}
        />
      ))}
    </Accordion>
  );
}
