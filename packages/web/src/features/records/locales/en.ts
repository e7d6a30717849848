import { ALERT_PLACEHOLDERS, RECORD_TEXTS } from '@evfleet/domain';

/**
 * The generic record screens' texts (cars, email templates, notifications, vehicle logs, CAN
 * records); each area's own words (title, entity, fields) are the domain's, read through domainText.
 */
export const en = {
  'action.view': 'View',
  'action.edit': 'Edit',
  'action.delete': 'Delete',
  'action.cancel': 'Cancel',
  'action.back': 'Back',
  'action.save': 'Save',
  'action.addNew': 'Add New',
  'row.view': 'View {{entity}} {{id}}',
  'row.edit': 'Edit {{entity}} {{id}}',
  'row.delete': 'Delete {{entity}} {{id}}',
  'list.selectVehicle': 'Select Vehicle',
  'list.allVehicles': 'All vehicles',
  'list.chooseVehicle': 'Choose a vehicle to see its {{title, lowercase}}.',
  'list.loadFailed': 'The {{title, lowercase}} could not be loaded.',
  'record.loadFailed': 'This {{entity}} could not be loaded.',
  'record.id': 'ID',
  'record.loading': RECORD_TEXTS.loading,
  'form.edit': 'Edit {{entity}}',
  'form.create': 'Create a new {{entity}}',
  'delete.title': RECORD_TEXTS.confirmDeleteTitle,
  'delete.question': RECORD_TEXTS.confirmDelete('{{entity}}'),
  'value.yes': 'Yes',
  'value.no': 'No',
  'picker.search': 'Search by name or VIN',
  'picker.none': 'No vehicles found',
  // What an email template may say between braces.
  'placeholders.title': 'Placeholders',
  'placeholders.intro':
    "Alert mails replace these with the alert's facts; any other name between braces is refused when saved.",
  'placeholder.vehicleName': ALERT_PLACEHOLDERS.vehicleName,
  'placeholder.vin': ALERT_PLACEHOLDERS.vin,
  'placeholder.metric': ALERT_PLACEHOLDERS.metric,
  'placeholder.value': ALERT_PLACEHOLDERS.value,
  'placeholder.unit': ALERT_PLACEHOLDERS.unit,
  'placeholder.band': ALERT_PLACEHOLDERS.band,
  'placeholder.time': ALERT_PLACEHOLDERS.time,
} as const;
