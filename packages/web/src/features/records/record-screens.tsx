import { carRecord, emailTemplateRecord, notificationRecord, vehicleLogRecord } from '@evfleet/domain';
import { ROUTES } from '../../routing/routes';
import { PlaceholderHelp } from './PlaceholderHelp';
import { RecordRoutes } from './RecordRoutes';

/** Each record area is its description mounted on its route; nothing else differs between them. */
export const CarRoutes = () => <RecordRoutes screen={{ def: carRecord, base: ROUTES.car }} />;

export const EmailTemplateRoutes = () => (
  <RecordRoutes screen={{ def: emailTemplateRecord, base: ROUTES.emailTemplate, formHelp: <PlaceholderHelp /> }} />
);

export const NotificationRoutes = () => (
  <RecordRoutes screen={{ def: notificationRecord, base: ROUTES.notification }} />
);

export const VehicleLogRoutes = () => <RecordRoutes screen={{ def: vehicleLogRecord, base: ROUTES.vehicleLog }} />;
