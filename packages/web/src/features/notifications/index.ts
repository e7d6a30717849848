// What the notifications offer other features: their page, mounted in the account area.
export { NotificationsPage } from './NotificationsPage';
