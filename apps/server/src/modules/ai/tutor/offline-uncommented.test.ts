import { describe, expect, it } from 'vitest';
import { gradeExplanation } from './answer-grader';
import { offlineChatReply, offlineFeedback } from './offline-writer';
import { NO_COMMENT_YET, UNCOMMENTED_FOOTER } from './offline-uncommented';
import type { TutorQuestion } from './tutor-task';

const bridge: TutorQuestion = {
  id: 'alfa_2017_prova_4',
  examLabel: 'Professor de História · Banca X · 2017',
  disciplina: 'História',
  assunto: 'Brasil Império',
  enunciado: 'A Lei Eusébio de Queirós, de 1850, proibiu',
  alternativas: [
    { letter: 'A', text: 'a escravidão em todo o Império.' },
    { letter: 'B', text: 'o tráfico de africanos escravizados para o Brasil.' },
    { letter: 'C', text: 'a escravidão dos nascidos depois de 1871.' },
    { letter: 'D', text: 'o trabalho dos escravizados com mais de 60 anos.' },
  ],
  gabarito: 'B',
  textoReferencia:
    'Art. 1º As embarcações brasileiras encontradas em qualquer parte serão apreendidas.',
  imagem: null,
  comentario: null,
};

const item: TutorQuestion = {
  ...bridge,
  id: 'alfa_2017_prova_5',
  enunciado: 'Julgue o item a seguir.\n\nA Lei Áurea previu indenização aos antigos proprietários.',
  alternativas: [
    { letter: 'C', text: 'Certo' },
    { letter: 'E', text: 'Errado' },
  ],
  gabarito: 'E',
  textoReferencia: null,
};

const letters = (question: TutorQuestion) => question.alternativas.map((a) => a.letter);

describe('offline tutor on a question without the team’s comment', () => {
  it('gives the key and says plainly it has no reasons, instead of restating the key as one', () => {
    const text = offlineFeedback(bridge);
    expect(text.startsWith('**Gabarito oficial: B**')).toBe(true);
    expect(text).toContain('Segundo o gabarito oficial, a resposta é a alternativa **B**.');
    expect(text).toContain(NO_COMMENT_YET);
    expect(text).toContain('“Reportar falta de comentário”');
    expect(text).toContain('perguntar no chat sobre o texto de referência');
    // Nothing that reads as a reason, nor the statement passed off as a lesson.
    expect(text).not.toMatch(/não corresponde ao gabarito|incorreta:|Para fixar|guarde:/);
    expect(text).not.toContain('o tráfico de africanos');
    expect(text.endsWith(UNCOMMENTED_FOOTER)).toBe(true);
    expect(gradeExplanation(text, 'B', letters(bridge)).passes).toBe(true);
  });

  it('names the verdict of a true/false item and no other', () => {
    const text = offlineFeedback(item);
    expect(text.startsWith('**Gabarito oficial: E (Errado)**')).toBe(true);
    expect(text).toContain('Segundo o gabarito oficial, o item está **Errado**.');
    expect(text).toContain('conferir o assunto nos textos de estudo');
    expect(gradeExplanation(text, 'E', ['C', 'E']).passes).toBe(true);
  });

  it('answers about a wrong alternative without inventing its reason', () => {
    const chat = (question: TutorQuestion, message: string) =>
      offlineChatReply({ kind: 'chat', question, feedback: null, history: [], message });
    const wrong = chat(bridge, 'Por que a C está errada?');
    expect(wrong).toContain(
      'A alternativa **C)** não é a resposta: segundo o gabarito oficial, a resposta é a **B)**.',
    );
    expect(wrong).toContain('não tenho a razão de cada alternativa e não vou inventar uma');
    expect(wrong).not.toMatch(/não corresponde ao gabarito|cita 1871/);
    expect(gradeExplanation(wrong, 'B', letters(bridge)).othersCalledCorrect).toEqual([]);

    const verdict = chat(item, 'Por que não é Certo? A letra C não vale?');
    expect(verdict).toContain('Julgar o item como **Certo** não é a resposta');

    const why = chat(bridge, 'Por que a B é a correta?');
    expect(why).toContain(NO_COMMENT_YET);
    expect(why.match(/Tutor offline do Gabarita/g)).toHaveLength(1);
  });
});
