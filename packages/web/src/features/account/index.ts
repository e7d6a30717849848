// What the account offers the shell: the ways in for the login modal, and the preload of the form's texts.
export { preloadLoginForm } from './LoginForm';
export { SignInChoices } from './SignInChoices';
