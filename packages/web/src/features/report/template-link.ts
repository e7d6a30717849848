import { ROUTES } from '../../routing/routes';

/** The template page names its template in the query, so a reload or a shared link opens it again. */
export const TEMPLATE_ID_PARAM = 'id';
export const templateLink = (id: number) => `${ROUTES.reportTemplate}?${TEMPLATE_ID_PARAM}=${id}`;
