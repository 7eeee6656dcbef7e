import type { ReactNode } from 'react';
import { useTutorInfo } from '@/domain/app-info';

/**
 * `model` on a server with a language model, `offline` with the offline tutor, which is not AI and
 * is never called so (docs/product-rules.md, "Authored comments").
 */
export function TutorWording({ model, offline }: { model: ReactNode; offline: ReactNode }) {
  return useTutorInfo()?.languageModel === false ? offline : model;
}
