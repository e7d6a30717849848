// What the report offers other features: the vehicle detail page's "Download CAN history" dialog,
// built from the report's own API, criteria store and date picker.
export { DownloadCanHistoryModal } from './DownloadCanHistoryModal';
