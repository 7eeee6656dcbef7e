/** The text-input look shared by every form. */
export const INPUT_CLASSES =
  'block h-11 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs transition-colors placeholder:text-ink-muted/80 hover:border-slate-300 focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 aria-invalid:border-red-500 dark:hover:border-slate-600 dark:aria-invalid:border-red-400';

/** The text-input look for several lines: it grows with the text (a height is added per use). */
export const TEXTAREA_CLASSES = `${INPUT_CLASSES.replace('h-11 ', '')} resize-y py-2.5 leading-6`;

export const LABEL_CLASSES = 'mb-1.5 block text-sm font-medium text-ink';
