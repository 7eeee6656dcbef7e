import type { TutorInfo } from '@gabarita/shared';

/** The offline tutor is never presented as AI: its panels carry other names. */
export function tutorLabels(tutor: TutorInfo | null | undefined) {
  const ai = tutor?.languageModel ?? true;
  return {
    explanation: ai ? 'Explicação da IA' : 'Explicação do tutor offline',
    chat: ai ? 'Chat com a IA' : 'Perguntas ao tutor offline',
    writing: ai ? 'A IA está escrevendo a explicação...' : 'Montando a explicação...',
    /** What an account without a plan or package is offered, and the button to the plans. */
    explanationOffer: ai
      ? 'Entenda por que o gabarito está certo e por que cada alternativa está errada, com uma explicação da Inteligência Artificial. Disponível no Premium ou com um pacote de tokens.'
      : 'Entenda por que o gabarito está certo e por que cada alternativa está errada, com a explicação do tutor. Disponível no Premium ou com um pacote de tokens.',
    explanationButton: ai ? 'Ver explicação com IA' : 'Ver a explicação',
    chatOffer: ai
      ? 'Pergunte o que ficou em dúvida sobre esta questão e receba a resposta da IA na hora. Disponível no Premium ou com um pacote de tokens.'
      : 'Pergunte o que ficou em dúvida sobre esta questão e receba a resposta do tutor na hora. Disponível no Premium ou com um pacote de tokens.',
  };
}
