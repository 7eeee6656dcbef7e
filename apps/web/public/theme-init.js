// Applies the saved theme before the first paint. Keep the key in sync with src/lib/storage-keys.ts.
(function () {
  try {
    var stored = window.localStorage.getItem('gabarita.theme');
    var dark =
      stored === 'dark' ||
      (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage or matchMedia unavailable: the app applies the theme once it starts.
  }
})();
