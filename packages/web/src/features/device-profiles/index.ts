// What the device profiles offer other features: their two pages, mounted in the administration area.
export { DeviceProfilePage } from './DeviceProfilePage';
export { DeviceProfilesPage } from './DeviceProfilesPage';
