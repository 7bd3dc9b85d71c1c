/* global window, document */
// The theme, before the first paint: `data-theme` on <html> is "dark" or "light", from the choice kept in
// localStorage ("light", "dark", or nothing for System, which follows the device and its changes). A plain
// script loaded from the head (the Content-Security-Policy allows no inline script); src/lib/theme.ts is the
// same rule for the theme menu.
(function () {
  var key = 'quorum.theme';
  var root = document.documentElement;
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function stored() {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  function apply() {
    var choice = stored();
    var dark = choice === 'dark' || (choice !== 'light' && !!media && media.matches);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
  }
  apply();
  if (media && media.addEventListener) media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === key || event.key === null) apply();
  });
})();
