import { PERMISSION_ROLES, VEHICLE_ACCESS_LABELS } from '@evfleet/domain';

/** The role permission pages' texts (part 2 §2); the switches' labels are the domain's toggles'. */
export const en = {
  'title.ROLE_FLEET': PERMISSION_ROLES.ROLE_FLEET.title,
  'title.ROLE_DEALER': PERMISSION_ROLES.ROLE_DEALER.title,
  readOnly: 'Only administrators can change role permissions.',
  loadFailed: 'The permissions of this role could not be loaded.',
  'toast.enabled': '{{title}}: {{label}} enabled',
  'toast.disabled': '{{title}}: {{label}} disabled',
  'toggle.driverScreen': 'Driver Screen',
  'toggle.vehicleConfigurationTemplate': 'Vehicle Configuration Template',
  'toggle.vehicle': 'Vehicle',
  'toggle.assignVehicle': 'Assign Vehicle',
  'toggle.unassignVehicle': 'Unassign Vehicle',
  'toggle.canDetails': VEHICLE_ACCESS_LABELS.canDetails,
  'toggle.canHistory': VEHICLE_ACCESS_LABELS.canHistory,
  'toggle.canHistoryExport': VEHICLE_ACCESS_LABELS.canHistoryExport,
  'toggle.warningLogs': VEHICLE_ACCESS_LABELS.warningLogs,
  'note.vehicle': "The fleet's vehicles; below, what the fleet owner may open of them.",
  'note.assignVehicle':
    "Putting the dealer's vehicles in its fleets; below, what it may open of its vehicles in a fleet.",
  'note.unassignVehicle': 'Taking vehicles out of its fleets; below, what it may open of its vehicles in no fleet.',
} as const;
