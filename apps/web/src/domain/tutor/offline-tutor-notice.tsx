import { AI_MESSAGES, type TutorInfo } from '@gabarita/shared';
import { Info } from 'lucide-react';

/**
 * Says plainly that the offline tutor is not a language model. How to configure one is the
 * operator's business (the README), not the student's.
 */
export function OfflineTutorNotice({ tutor }: { tutor: TutorInfo | null | undefined }) {
  if (!tutor || tutor.languageModel) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-accent-200 bg-accent-soft px-3 py-2 text-xs leading-5 font-medium text-accent-ink dark:border-accent-900/70">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {AI_MESSAGES.offlineTutorNotice}
    </p>
  );
}
