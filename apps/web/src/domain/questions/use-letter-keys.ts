import { useEffect, useEffectEvent } from 'react';

/** Letter keys choose only when the focus is not in a field where letters are typed. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Keys pressed in a dialog (e.g. the error report) belong to it, not to the question behind.
  if (target.closest('[role="dialog"]')) return true;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type)
  );
}

/**
 * The alternatives' letter keys (A–E, C/E) choose anywhere on the page while `enabled`, unless the
 * focus is in a field where letters are typed; `onLetter` gets the upper-case letter.
 */
export function useLetterKeys(
  letters: string[],
  enabled: boolean,
  onLetter: (letter: string) => void,
) {
  const choose = useEffectEvent(onLetter);
  const lettersKey = letters.join('');
  useEffect(() => {
    if (!lettersKey || !enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typesText(event.target)) return;
      const letter = event.key.toUpperCase();
      if (event.key.length !== 1 || !lettersKey.includes(letter)) return;
      event.preventDefault();
      choose(letter);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [lettersKey, enabled]);
}
