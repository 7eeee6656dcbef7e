import type { ChatTurn } from '@gabarita/shared';

/** A question as the tutor reads it: plain text, with the official key. Never sent to a browser. */
export interface TutorQuestion {
  id: string;
  examLabel: string;
  disciplina: string;
  assunto: string;
  enunciado: string;
  alternativas: { letter: string; text: string }[];
  /** The official key. */
  gabarito: string;
  textoReferencia: string | null;
  imagem: { description: string } | null;
  /** The team's authored comment, as text: the authoritative ground when there is one. */
  comentario: TutorComment | null;
}

export interface TutorComment {
  resumo: string;
  /** A reason per alternative, in the question's order. */
  razoes: { letter: string; text: string }[];
  /** Each basis as one line: 'Lei nº 9.394/1996, art. 14 (https://…)'. */
  fundamento: string[];
}

/** What the tutor is asked to write. */
export type TutorTask =
  | { kind: 'feedback'; question: TutorQuestion }
  | {
      kind: 'chat';
      question: TutorQuestion;
      /** The question's stored explanation, when there is one. */
      feedback: string | null;
      /** Earlier turns, oldest first, already trimmed to the budget. */
      history: ChatTurn[];
      message: string;
      /**
       * Changes of the key or comment made since this conversation began, oldest first (`day` as
       * dd/mm/aaaa): the question above is as it is now, and what was said before them is gone.
       */
      changes?: TutorBasisChange[];
    }
  | {
      kind: 'didactic';
      disciplina: string;
      assunto: string;
      examples: TutorQuestion[];
      /** The team's study notes on the subject, as text, or null. */
      notas: TutorStudyNotes | null;
    };

export interface TutorBasisChange {
  kind: 'key' | 'annulment' | 'comment';
  from: string | null;
  to: string | null;
  day: string;
}

export interface TutorStudyNotes {
  texto: string;
  armadilhas: string[];
  fundamento: string[];
}

/** A question's image, rasterised for providers that take images, by question id. */
export type TutorImages = ReadonlyMap<string, { data: Uint8Array; mediaType: string }>;
