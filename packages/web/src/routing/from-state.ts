/** Where the login page sends the user back to after signing in (the router state the guard and the login modal leave). */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}
