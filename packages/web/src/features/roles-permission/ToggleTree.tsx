import type { FLEET_OWNER_TOGGLES } from '@evfleet/domain';
import { Paper, Stack, Switch, Text } from '@mantine/core';

type Toggle = (typeof FLEET_OWNER_TOGGLES)[number];

/** What a section governs (docs/permissions.md): the spec's pages name the switches without saying. */
const SECTION_NOTES: Record<string, string> = {
  vehicle: "The fleet's vehicles; below, what the fleet owner may open of them.",
  assignVehicle: "Putting the dealer's vehicles in its fleets; below, what it may open of its vehicles in a fleet.",
  unassignVehicle: 'Taking vehicles out of its fleets; below, what it may open of its vehicles in no fleet.',
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
  return (
    <Stack gap="sm">
      {toggles.map((toggle) => {
        const on = states[toggle.key] ?? toggle.default;
        return (
          <Paper key={toggle.key} withBorder p="md">
            <Switch
              label={toggle.label}
              fw={600}
              checked={on}
              disabled={disabled || busy}
              onChange={(event) => onChange(toggle.key, event.currentTarget.checked, toggle.label)}
              data-testid={`permission-${toggle.key}`}
            />
            {SECTION_NOTES[toggle.key] && (
              <Text size="xs" c="dimmed" mt={4} pl={54}>
                {SECTION_NOTES[toggle.key]}
              </Text>
            )}
            {toggle.children && (
              <Stack gap="xs" mt="sm" pl="xl">
                {toggle.children.map((child) => (
                  <Switch
                    key={child.key}
                    label={child.label}
                    checked={states[child.key] ?? child.default}
                    disabled={disabled || busy || !on}
                    onChange={(event) =>
                      onChange(child.key, event.currentTarget.checked, `${toggle.label} / ${child.label}`)
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
