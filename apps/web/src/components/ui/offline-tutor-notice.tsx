import { AI_MESSAGES, type TutorInfo } from '@gabarita/shared';
import { Info } from 'lucide-react';

/** Says plainly that the offline tutor is not a language model, and how to configure one. */
export function OfflineTutorNotice({ tutor }: { tutor: TutorInfo | null | undefined }) {
  if (!tutor || tutor.languageModel) return null;
  return (
    <details className="rounded-lg border border-accent-200 bg-accent-soft px-3 py-2 text-xs leading-5 text-accent-ink dark:border-accent-900/70">
      <summary className="flex cursor-pointer list-none items-start gap-2 font-medium">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {AI_MESSAGES.offlineTutorNotice}
      </summary>
      <p className="mt-1.5 pl-6">{AI_MESSAGES.offlineTutorHowTo}</p>
    </details>
  );
}
