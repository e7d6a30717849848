import { INTERNAL_ERROR, TOAST_TEXTS, type ErrorKey } from '@evfleet/domain';

/**
 * The sentence of each refusal key the server sends (`errorKey`, domain's ERROR_KEYS). The toasts
 * show the server's own sentence, which may name records; these are for screens that show the key.
 */
const refusals: Record<`errorKey.${ErrorKey}`, string> = {
  'errorKey.activationfailed': 'User can not be activated!',
  'errorKey.dealerinuse': 'This dealer still has fleets or vehicles, so it cannot be deleted.',
  'errorKey.dealernotfound': 'The dealer does not exist.',
  'errorKey.deactivateself': 'You cannot deactivate your own account.',
  'errorKey.defaulttemplate': 'A default template cannot be changed or deleted.',
  'errorKey.deleteself': 'You cannot delete your own account.',
  'errorKey.demoteself': 'You cannot remove your own administrator role.',
  'errorKey.driverwithvehicles': 'This driver still has vehicles; confirm to unassign them and delete the driver.',
  'errorKey.emailexists': 'Email is already in use!',
  'errorKey.filetaken': 'This photo belongs to another driver.',
  'errorKey.fleetwithdrivers': 'This fleet still has drivers, so it cannot be deleted.',
  'errorKey.fleetwithvehicles': 'This fleet still has vehicles, so it cannot be deleted.',
  'errorKey.idexists': 'A new record cannot already have an ID.',
  'errorKey.idnull': 'An ID is required to update a record.',
  'errorKey.invalidpassword': 'The current password is wrong.',
  'errorKey.nofile': 'Please select an Excel file to upload.',
  'errorKey.notanimage': 'Only images can be uploaded.',
  'errorKey.notasheet': 'The file is not a readable spreadsheet.',
  'errorKey.readingexists': 'This vehicle already has a reading at this time.',
  'errorKey.resetkeyinvalid': 'This reset link is invalid or has expired. Please request a new one.',
  'errorKey.sheeterrors': 'The spreadsheet has errors; fix the rows named and upload it again.',
  'errorKey.templateassigned': 'This template is assigned to vehicles, so it cannot be deleted.',
  'errorKey.templatenameexists': 'A template with this name already exists.',
  'errorKey.templatenotfound': 'The template does not exist.',
  'errorKey.userchange': 'The sign-in account cannot be changed.',
  'errorKey.userexists': 'Login name already used!',
  'errorKey.userisadmin': 'An administrator account cannot be linked here.',
  'errorKey.userlinked': 'This user already belongs to another dealer, fleet, driver or super user.',
  'errorKey.vehiclenotassigned': 'Some of these vehicles are not assigned here.',
  'errorKey.vehicletaken': 'Some of these vehicles are already assigned elsewhere.',
  'errorKey.vinexists': 'A vehicle with this VIN already exists.',
};

/**
 * The English catalogue: flat keys (a key may hold dots, as the server's 'error.http.403' does).
 * Texts the specification gives (part 1 §8) come from domain's constants, so they stay exact.
 */
export const en = {
  // Part 1 §8's failed-call toasts.
  'toast.unreachable': TOAST_TEXTS.unreachable,
  'toast.notFound': TOAST_TEXTS.notFound,
  'toast.unexpected': TOAST_TEXTS.unexpected,
  'error.internal': INTERNAL_ERROR,
  // The server's message keys (domain's SERVER_MESSAGE_KEYS) and the statuses a call may answer with.
  'error.validation': 'Some values were not accepted. Please check the form.',
  'error.http.400': 'The request was not accepted. Please check what you entered.',
  'error.http.401': TOAST_TEXTS.badCredentials,
  'error.http.403': 'You are not allowed to do this.',
  'error.http.404': TOAST_TEXTS.notFound,
  'error.http.405': 'This action is not available here.',
  'error.http.409': 'Someone changed this record meanwhile. Please reload and try again.',
  'error.http.413': 'What you sent is too large.',
  'error.http.429': 'Too many attempts. Please wait a moment and try again.',
  'error.http.500': 'The server ran into an error. Please try again later.',
  'error.http.502': 'The server cannot be reached right now. Please try again later.',
  'error.http.503': 'The server is not available right now. Please try again later.',
  'error.http.504': 'The server took too long to answer. Please try again.',
  'error.unknown': 'Something went wrong. Please try again.',
  // The session.
  'session.expired': 'Your session has expired. Please sign in again.',
  // Status pages.
  'page.accessDenied.title': 'Access denied',
  'page.accessDenied.text': 'You are not authorized to access this page.',
  'page.notFound.title': 'Page not found',
  'page.notFound.text': 'The page does not exist.',
  'page.offline.title': 'You are offline',
  'page.offline.text': 'evfleet cannot reach its server. This page opens again as soon as the network is back.',
  'page.offline.retry': 'Try again',
  'page.staleVersion.title': 'evfleet has been updated',
  'page.staleVersion.text': 'This page belongs to a newer version of evfleet. Reload to open it.',
  'page.staleVersion.reload': 'Reload',
  // Registration (part 1 §8 keeps the server's errorKey; people read its sentence).
  'register.failed': 'Registration failed: {{reason}}',
  ...refusals,
} as const;

export type MessageKey = keyof typeof en;
