// The colour scheme before the first paint, as Mantine's ColorSchemeScript would set it (the content
// security policy forbids that inline script): the choice kept in localStorage, else the system's.
// AG Grid reads its own attribute (data-ag-theme-mode); the shell keeps both in step afterwards.
/* global window, document */
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // No storage (a locked-down browser): the light scheme.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.setAttribute('data-ag-theme-mode', scheme);
})();
