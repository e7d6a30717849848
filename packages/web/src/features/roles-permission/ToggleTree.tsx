import type { FLEET_OWNER_TOGGLES } from '@evfleet/domain';
import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { en } from './locales/en';

type Toggle = (typeof FLEET_OWNER_TOGGLES)[number];

type Key = keyof typeof en;

/** What a section governs (docs/permissions.md): the spec's pages name the switches without saying. */
const SECTION_NOTES: Partial<Record<string, Key>> = {
  vehicle: 'note.vehicle',
  assignVehicle: 'note.assignVehicle',
  unassignVehicle: 'note.unassignVehicle',
};

/** A switch's label by the last part of its key ('vehicle.canHistory' is 'canHistory'). */
const LABELS: Partial<Record<string, Key>> = {
  driverScreen: 'toggle.driverScreen',
  vehicleConfigurationTemplate: 'toggle.vehicleConfigurationTemplate',
  vehicle: 'toggle.vehicle',
  assignVehicle: 'toggle.assignVehicle',
  unassignVehicle: 'toggle.unassignVehicle',
  canDetails: 'toggle.canDetails',
  canHistory: 'toggle.canHistory',
  canHistoryExport: 'toggle.canHistoryExport',
  warningLogs: 'toggle.warningLogs',
};

interface ToggleTreeProps {
  toggles: readonly Toggle[];
  /** The stored state of every key. */
  states: Record<string, boolean>;
  disabled: boolean;
  /** A change is being saved: the switches wait for it. */
  busy: boolean;
  onChange: (key: string, on: boolean, label: string) => void;
}

/**
 * The toggles of a role: each top-level toggle on a card, its sub-toggles beneath it. A sub-toggle
 * counts only while its parent is on, so it shows disabled (keeping its own state) when the parent is off.
 */
export function ToggleTree({ toggles, states, disabled, busy, onChange }: ToggleTreeProps) {
  const { t } = useTranslation('roles-permission');
  // A toggle the catalogue does not know yet keeps the domain's English label.
  const labelOf = ({ key, label }: { key: string; label: string }) => {
    const known = LABELS[key.split('.').at(-1) ?? key];
    return known ? t(known) : label;
  };
  return (
    <Stack gap="sm">
      {toggles.map((toggle) => {
        const on = states[toggle.key] ?? toggle.default;
        const label = labelOf(toggle);
        const note = SECTION_NOTES[toggle.key];
        return (
          <Paper key={toggle.key} withBorder p="md">
            <Switch
              label={label}
              fw={600}
              checked={on}
              disabled={disabled || busy}
              onChange={(event) => onChange(toggle.key, event.currentTarget.checked, label)}
              data-testid={`permission-${toggle.key}`}
            />
            {note && (
              <Text size="xs" c="dimmed" mt={4} pl={54}>
                {t(note)}
              </Text>
            )}
            {toggle.children && (
              <Stack gap="xs" mt="sm" pl="xl">
                {toggle.children.map((child) => (
                  <Switch
                    key={child.key}
                    label={labelOf(child)}
                    checked={states[child.key] ?? child.default}
                    disabled={disabled || busy || !on}
                    onChange={(event) =>
                      onChange(child.key, event.currentTarget.checked, `${label} / ${labelOf(child)}`)
                    }
                    data-testid={`permission-${child.key}`}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
