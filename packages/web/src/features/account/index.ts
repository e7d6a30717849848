// What the account offers the shell: the sign-in form of the login modal, and the preload of its texts.
export { LoginForm, preloadLoginForm } from './LoginForm';
