import { PEOPLE_TEXTS } from '@evfleet/domain';

/** The drivers screens' texts (§2.4). */
export const en = {
  'list.title': 'Drivers List',
  'list.empty': 'No drivers found',
  'column.name': 'Full Name',
  name: 'Name',
  email: 'Email',
  mobile: 'Mobile',
  address: 'Address',
  fleet: 'Fleet',
  'detail.title': 'Driver Detail',
  'detail.fleetName': 'Fleet Name',
  'detail.assign': 'Assign Vehicle',
  'detail.addVehicles': 'Add Vehicles',
  loadFailed: 'This driver could not be loaded.',
  back: 'Back',
  'form.add': 'Add Driver',
  'form.edit': 'Edit Driver',
  'form.loading': 'Loading..',
  'form.chooseFleet': 'Select a fleet',
  'form.inactiveFleet': '{{fleet}} (Inactive)',
  'form.photo': 'Photo',
  'form.photoAlt': 'Driver photo',
  'toast.created': PEOPLE_TEXTS.driverCreated,
  'toast.updated': PEOPLE_TEXTS.driverUpdated,
  'toast.deleted': PEOPLE_TEXTS.driverDeleted,
  'toast.assigned': PEOPLE_TEXTS.vehicleAssigned,
  'toast.unassigned': PEOPLE_TEXTS.vehicleUnassigned,
  'delete.question': 'Are you sure you want to delete this driver ({{name}})?',
  'delete.withVehicles':
    '{{name}} has vehicles assigned. All of them will be unassigned. Are you sure you want to delete this driver?',
} as const;
