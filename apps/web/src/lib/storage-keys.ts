/** Every key this app writes to localStorage or sessionStorage. public/theme-init.js repeats the theme key. */
export const STORAGE_KEYS = {
  /** 'dark' | 'light'; absent means "follow the system". */
  theme: 'gabarita.theme',
  /** 'true' | 'false': whether the persistent sidebar is open on wide screens. */
  menuOpen: 'gabarita.menuOpen',
} as const;
