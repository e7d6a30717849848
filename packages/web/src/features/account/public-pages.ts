/** The public account screens share one on-demand chunk: they are small and visited together. */
export { ActivatePage } from './ActivatePage';
export { LogoutPage } from './LogoutPage';
export { OidcPage } from './OidcPage';
export { RegisterPage } from './RegisterPage';
export { ResetFinishPage } from './ResetFinishPage';
export { ResetRequestPage } from './ResetRequestPage';
