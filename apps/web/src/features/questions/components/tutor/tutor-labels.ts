import type { TutorInfo } from '@gabarita/shared';

/** The offline tutor is never presented as AI: its panels carry other names. */
export function tutorLabels(tutor: TutorInfo | null | undefined) {
  const ai = tutor?.languageModel ?? true;
  return {
    explanation: ai ? 'Explicação da IA' : 'Explicação do tutor offline',
    chat: ai ? 'Chat com a IA' : 'Perguntas ao tutor offline',
    writing: ai ? 'A IA está escrevendo a explicação...' : 'Montando a explicação...',
  };
}
