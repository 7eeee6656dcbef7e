import { describe, expect, it } from 'vitest';
import { gradeExplanation } from './answer-grader';
import { htmlToText } from './html-text';
import { createOfflineModel } from './offline-model';
import {
  offlineChatReply,
  offlineFeedback,
  offlineStudyText,
  OFFLINE_FOOTER,
} from './offline-writer';
import { buildPrompt } from './prompts';
import { countTextTokens } from './token-count';
import { promptTokens, runTutor, type Tutor } from './tutor';
import type { TutorQuestion } from './tutor-task';

const abolition: TutorQuestion = {
  id: 'h_2017_prova_1',
  examLabel: 'Professor de História · Instituto Horizonte · 2017',
  disciplina: 'História',
  assunto: 'Brasil Império',
  enunciado:
    'Considerando o texto reproduzido e o processo de abolição da escravidão no Brasil, assinale a alternativa correta.',
  alternativas: [
    {
      letter: 'A',
      text: 'A Lei do Ventre Livre, de 1871, libertou os escravizados com mais de 60 anos.',
    },
    { letter: 'B', text: 'A Lei Áurea previu indenização aos antigos proprietários.' },
    {
      letter: 'C',
      text: 'O Brasil foi o primeiro país do continente americano a abolir a escravidão.',
    },
    {
      letter: 'D',
      text: 'A Lei Eusébio de Queirós, de 1850, proibiu o tráfico de africanos escravizados para o Brasil.',
    },
    { letter: 'E', text: 'A abolição ocorreu após a Proclamação da República.' },
  ],
  gabarito: 'D',
  textoReferencia: htmlToText(
    '<p>A Princesa Imperial Regente faz saber que a Assembleia Geral decretou a lei seguinte:</p><p>Art. 1º É declarada extinta desde a data desta lei a escravidão no Brasil.</p><p>Art. 2º Revogam-se as disposições em contrário.</p>',
  ),
  imagem: null,
};

const colourItem: TutorQuestion = {
  id: 'a_2017_prova_2',
  examLabel: 'Professor de Artes · Instituto Horizonte · 2017',
  disciplina: 'Artes',
  assunto: 'Teoria das cores',
  enunciado:
    'Julgue o item a seguir.\n\nNo modelo tradicional de cores-pigmento, o verde é uma cor secundária, obtida pela mistura do azul com o amarelo.',
  alternativas: [
    { letter: 'C', text: 'Certo' },
    { letter: 'E', text: 'Errado' },
  ],
  gabarito: 'C',
  textoReferencia: null,
  imagem: null,
};

const colourWheel: TutorQuestion = {
  id: 'a_2017_prova_1',
  examLabel: 'Professor de Artes · Instituto Horizonte · 2017',
  disciplina: 'Artes',
  assunto: 'Teoria das cores',
  enunciado: 'De acordo com a figura, a cor complementar do azul é o',
  alternativas: [
    { letter: 'A', text: 'verde.' },
    { letter: 'B', text: 'violeta.' },
    { letter: 'C', text: 'amarelo.' },
    { letter: 'D', text: 'laranja.' },
  ],
  gabarito: 'D',
  textoReferencia: null,
  imagem: { description: 'Círculo com amarelo no topo, laranja, vermelho, violeta, azul e verde.' },
};

const letters = (question: TutorQuestion) => question.alternativas.map((a) => a.letter);

const offlineTutor: Tutor = {
  info: { provider: 'offline', model: 'gabarita-offline', languageModel: false },
  model: createOfflineModel('gabarita-offline'),
  sendsImages: false,
  maxRetries: 0,
  providerOptions: {},
  inputMargin: 1,
};

describe('offline tutor', () => {
  it('explains from the key: why it is right, why each other is wrong, a takeaway', () => {
    const text = offlineFeedback(abolition);
    expect(text.startsWith('**Gabarito oficial: D**')).toBe(true);
    expect(text).toContain('### Por que a alternativa D está correta');
    for (const letter of ['A', 'B', 'C', 'E'])
      expect(text).toContain(`- **${letter})** incorreta:`);
    expect(text).toContain('### Para fixar');
    expect(text).toContain('cita 1871, 60, enquanto a alternativa correta (D) traz 1850.');
    expect(text.endsWith(OFFLINE_FOOTER)).toBe(true);
    expect(gradeExplanation(text, 'D', letters(abolition)).passes).toBe(true);
  });

  it('quotes the reference passage that supports the key and describes the image', () => {
    expect(offlineFeedback(abolition)).toContain('> Art. 1º É declarada extinta');
    const wheel = offlineFeedback(colourWheel);
    expect(wheel).toContain(
      'Lendo o enunciado com ela: “De acordo com a figura, a cor complementar do azul é o laranja.”',
    );
    expect(wheel).toContain('A imagem da questão mostra: Círculo com amarelo');
  });

  it('judges true/false items without calling the other verdict right', () => {
    const text = offlineFeedback(colourItem);
    expect(text).toContain('**Gabarito oficial: C (Certo)**');
    expect(text).toContain('> No modelo tradicional de cores-pigmento');
    expect(text).toContain('julgar o item como Errado contraria o gabarito oficial');
    expect(gradeExplanation(text, 'C', ['C', 'E']).passes).toBe(true);
    const errado = offlineFeedback({ ...colourItem, gabarito: 'E' });
    expect(errado).toContain('O item deve ser julgado **Errado**');
    expect(gradeExplanation(errado, 'E', ['C', 'E']).passes).toBe(true);
  });

  it('answers chat follow-ups from the question data and says what it cannot do', () => {
    const chat = (message: string) =>
      offlineChatReply({ kind: 'chat', question: abolition, feedback: null, history: [], message });
    expect(chat('Por que a B está errada?')).toContain('A alternativa **B)** está incorreta');
    expect(chat('Qual a regra/lei envolvida?')).toContain('> Art. 1º É declarada extinta');
    expect(chat('Dê um exemplo')).toContain('não um modelo de linguagem');
    expect(chat('Explique de outro jeito')).toContain('**A resposta oficial:** D)');
    expect(chat('Qual é a capital da França?')).toContain('Não encontrei sua pergunta');
    for (const message of ['Por que a B está errada?', 'Dê um exemplo']) {
      expect(gradeExplanation(chat(message), 'D', letters(abolition)).othersCalledCorrect).toEqual(
        [],
      );
    }
  });

  it('writes a study text with concepts, what boards ask, traps and worked examples', () => {
    const text = offlineStudyText({
      kind: 'didactic',
      disciplina: 'Artes',
      assunto: 'Teoria das cores',
      examples: [colourWheel, colourItem],
    });
    for (const heading of [
      '## Teoria das cores',
      '### Conceitos essenciais',
      '### O que as bancas costumam cobrar',
      '### Pegadinhas comuns',
      '### Exemplos resolvidos',
      '### Resumo',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('**Exemplo 2**');
    expect(text).toContain(
      '**Resposta: D)** De acordo com a figura, a cor complementar do azul é o laranja.',
    );
  });

  it('streams through streamText, reports usage by the local count and honours the output limit', async () => {
    const prompt = buildPrompt({ kind: 'feedback', question: abolition });
    const pieces: string[] = [];
    const run = await runTutor(offlineTutor, prompt, {
      maxOutputTokens: 2000,
      signal: new AbortController().signal,
      onText: (text) => pieces.push(text),
    });
    expect(pieces.length).toBeGreaterThan(20);
    expect(run).toMatchObject({ outcome: 'completed', finishReason: 'stop', reported: true });
    expect(run.text).toBe(offlineFeedback(abolition));
    expect(run.usage).toEqual({ input: promptTokens(prompt), output: countTextTokens(run.text) });

    const cut = await runTutor(offlineTutor, prompt, {
      maxOutputTokens: 50,
      signal: new AbortController().signal,
      onText: () => undefined,
    });
    expect(cut.finishReason).toBe('length');
    expect(cut.usage.output).toBeLessThanOrEqual(50);
  });

  it('stops when aborted and is charged only what it wrote', async () => {
    const prompt = buildPrompt({ kind: 'feedback', question: abolition });
    const abort = new AbortController();
    let received = '';
    const run = await runTutor(offlineTutor, prompt, {
      maxOutputTokens: 2000,
      signal: abort.signal,
      onText: (text) => {
        received += text;
        if (received.length > 100) abort.abort();
      },
    });
    expect(run.outcome).toBe('aborted');
    expect(run.text).toBe(received);
    expect(run.text.length).toBeLessThan(offlineFeedback(abolition).length);
    expect(run.usage).toEqual({ input: promptTokens(prompt), output: countTextTokens(received) });
  });
});
