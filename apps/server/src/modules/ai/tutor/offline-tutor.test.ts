import { describe, expect, it } from 'vitest';
import { gradeExplanation } from './answer-grader';
import { htmlToText } from './html-text';
import { createOfflineModel } from './offline-model';
import {
  NO_NOTES_YET,
  offlineChatReply,
  offlineFeedback,
  offlineStudyText,
} from './offline-writer';
import { COMMENT_FOOTER, NOTES_FOOTER } from './offline-comment';
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
  comentario: null,
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
  comentario: null,
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
  comentario: null,
};

/** The demo catalogue's Inconfidência question, with the team's comment. */
const inconfidencia: TutorQuestion = {
  id: 'cmva_2017_professor_historia_prova_3',
  examLabel: 'Professor de História · Instituto Horizonte · 2017',
  disciplina: 'História',
  assunto: 'Brasil Colônia',
  enunciado: 'Sobre a Inconfidência Mineira (1789), assinale a alternativa correta.',
  alternativas: [
    {
      letter: 'A',
      text: 'Foi motivada, entre outros fatores, pela insatisfação da elite mineira com a política fiscal metropolitana, sobretudo com a ameaça da derrama.',
    },
    {
      letter: 'B',
      text: 'Foi liderada por escravizados e tinha como objetivo exclusivo o fim da escravidão.',
    },
    {
      letter: 'C',
      text: 'Resultou na independência da capitania de Minas Gerais em relação a Portugal.',
    },
    {
      letter: 'D',
      text: 'Ocorreu depois da transferência da família real portuguesa para o Brasil, em 1808.',
    },
    {
      letter: 'E',
      text: 'Terminou com a absolvição de todos os envolvidos, inclusive de Tiradentes.',
    },
  ],
  gabarito: 'A',
  textoReferencia: null,
  imagem: null,
  comentario: {
    resumo:
      'Testa causas, composição social e desfecho da Inconfidência Mineira (1789). Correta: A, pois a ameaça da derrama e a política fiscal metropolitana motivaram a conjuração.',
    razoes: [
      {
        letter: 'A',
        text: 'A queda da produção de ouro, o peso do quinto e a ameaça da derrama (cobrança forçada dos impostos atrasados) alimentaram a insatisfação da elite mineira.',
      },
      {
        letter: 'B',
        text: 'A conjuração foi articulada por membros da elite colonial: proprietários, contratadores, militares, padres e letrados. O fim da escravidão nem era consenso entre eles.',
      },
      {
        letter: 'C',
        text: 'O movimento foi denunciado antes de eclodir, e os envolvidos foram presos. Minas Gerais não se tornou independente.',
      },
      {
        letter: 'D',
        text: 'A Inconfidência Mineira é de 1789, quase vinte anos antes da chegada da família real (1808).',
      },
      {
        letter: 'E',
        text: 'Não houve absolvição geral: Tiradentes foi enforcado no Rio de Janeiro em 21 de abril de 1792.',
      },
    ],
    fundamento: [],
  },
};

const eca: TutorQuestion = {
  ...colourItem,
  id: 'cmva_2017_professor_historia_prova_9',
  disciplina: 'Legislação Educacional',
  assunto: 'LDB (Lei nº 9.394/1996)',
  enunciado:
    'Julgue o item a seguir.\n\nDe acordo com a LDB, o estudo da história e cultura afro-brasileira e indígena é obrigatório apenas nas escolas públicas.',
  gabarito: 'E',
  comentario: {
    resumo: 'O art. 26-A da LDB torna o estudo obrigatório nas escolas públicas e privadas.',
    razoes: [
      {
        letter: 'C',
        text: 'Julgar Certo ignora que a obrigação alcança também as escolas privadas.',
      },
      {
        letter: 'E',
        text: 'O art. 26-A vale para estabelecimentos públicos e privados de ensino fundamental e médio.',
      },
    ],
    fundamento: [
      'Lei nº 9.394/1996 (LDB), art. 26-A (https://www.planalto.gov.br/ccivil_03/leis/l9394.htm)',
    ],
  },
};

const letters = (question: TutorQuestion) => question.alternativas.map((a) => a.letter);

const offlineTutor: Tutor = {
  info: { provider: 'offline', model: 'gabarita-offline-2', languageModel: false },
  model: async () => createOfflineModel('gabarita-offline-2'),
  sendsImages: false,
  maxRetries: 0,
  providerOptions: {},
  inputMargin: 1,
};

describe('offline tutor', () => {
  it('answers chat follow-ups from the question data and says what it cannot do', () => {
    const chat = (message: string) =>
      offlineChatReply({ kind: 'chat', question: abolition, feedback: null, history: [], message });
    expect(chat('Por que a B está errada?')).toContain('A alternativa **B)** não é a resposta');
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
      notas: null,
    });
    expect(text).toContain(NO_NOTES_YET);
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

describe('offline tutor on a commented question', () => {
  it('explains each alternative with the reason the team wrote, never by restating the key', () => {
    const text = offlineFeedback(inconfidencia);
    expect(text.startsWith('**Gabarito oficial: A**')).toBe(true);
    expect(text).toContain(inconfidencia.comentario!.resumo);
    expect(text).toContain(
      `### Por que a alternativa A está correta\n${inconfidencia.comentario!.razoes[0]!.text}`,
    );
    for (const reason of inconfidencia.comentario!.razoes.slice(1))
      expect(text).toContain(`- **${reason.letter})** ${reason.text}`);
    expect(text).not.toMatch(/não corresponde ao gabarito/);
    expect(text.endsWith(COMMENT_FOOTER)).toBe(true);
    expect(gradeExplanation(text, 'A', letters(inconfidencia)).passes).toBe(true);
  });

  it('gives true/false items the reason of each verdict and the basis', () => {
    const text = offlineFeedback(eca);
    expect(text).toContain('### Por que o gabarito é Errado\nO art. 26-A vale para');
    expect(text).toContain('### Por que não Certo\nJulgar Certo ignora');
    expect(text).toContain('### Fundamento\n- Lei nº 9.394/1996 (LDB), art. 26-A (https://');
  });

  it('answers about a wrong alternative with its reason, then the key, without repeating itself', () => {
    const reply = offlineChatReply({
      kind: 'chat',
      question: inconfidencia,
      feedback: null,
      history: [],
      message: 'Por que a letra B está errada? E o que foi a derrama?',
    });
    const b = inconfidencia.comentario!.razoes[1];
    // Two questions: answered part by part.
    expect(
      reply.startsWith('*“Por que a letra B está errada?”*\n\n**A alternativa B: incorreta**'),
    ).toBe(true);
    expect(reply).toContain('*“E o que foi a derrama?”*\n\nDo comentário da equipe');
    expect(reply).toContain(b!.text);
    expect(reply).toContain('A resposta oficial é a alternativa A.');
    expect(reply).toContain('derrama (cobrança forçada dos impostos atrasados)');
    expect(reply).not.toMatch(/não corresponde ao gabarito/);
    // Every sentence once.
    const sentences = reply.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 20);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(reply.endsWith(COMMENT_FOOTER)).toBe(true);
  });

  it('answers a question about the law with the basis, and says what the comment does not cover', () => {
    const basis = offlineChatReply({
      kind: 'chat',
      question: eca,
      feedback: null,
      history: [],
      message: 'Qual é a lei que fala disso?',
    });
    expect(basis).toContain('O fundamento desta questão:\n\n- Lei nº 9.394/1996 (LDB), art. 26-A');
    const unrelated = offlineChatReply({
      kind: 'chat',
      question: inconfidencia,
      feedback: null,
      history: [],
      message: 'Quanto é sete vezes oito?',
    });
    expect(unrelated).toContain('Não encontrei isso no comentário desta questão.');
  });

  it('tells the model the comment is the ground it must not contradict', () => {
    const prompt = buildPrompt({ kind: 'feedback', question: eca });
    expect(prompt.system).toContain('nunca os contradiga');
    const text = JSON.stringify(prompt.messages);
    expect(text).toContain('<comentario>');
    expect(text).toContain('Fundamento:\\n- Lei nº 9.394/1996 (LDB), art. 26-A');
  });
});

describe("offline study text from the team's notes", () => {
  const notas = {
    texto:
      'A Inconfidência Mineira (1789) foi uma conspiração da elite de Vila Rica contra a política fiscal portuguesa.\n\n- Derrama: cobrança forçada dos impostos atrasados.',
    armadilhas: ['Confundir a Inconfidência com a Conjuração Baiana, de base popular.'],
    fundamento: ['Boris Fausto, História do Brasil'],
  };

  it('teaches from the notes and works through commented questions, with no figure it cannot show', () => {
    const text = offlineStudyText({
      kind: 'didactic',
      disciplina: 'História',
      assunto: 'Brasil Colônia',
      examples: [inconfidencia, { ...colourWheel, comentario: inconfidencia.comentario }],
      notas,
    });
    expect(text).toContain(`### Conceitos essenciais\n${notas.texto}`);
    expect(text).toContain('### Pegadinhas comuns\n- Confundir a Inconfidência');
    expect(text).toContain('### Fundamento\n- Boris Fausto, História do Brasil');
    expect(text).toContain('**Exemplo 1** (Professor de História');
    expect(text).toContain(`**Resposta: A)** ${inconfidencia.comentario!.razoes[0]!.text}`);
    // The colour wheel needs its picture: not a worked example here.
    expect(text).not.toContain('**Exemplo 2**');
    expect(text).not.toMatch(/figura|gráfico a seguir|…/i);
    expect(text).not.toContain(NO_NOTES_YET);
    expect(text.endsWith(NOTES_FOOTER)).toBe(true);
  });

  it('gives a language model the notes as the ground of the study text', () => {
    const prompt = buildPrompt({
      kind: 'didactic',
      disciplina: 'História',
      assunto: 'Brasil Colônia',
      examples: [inconfidencia],
      notas,
    });
    const content = JSON.stringify(prompt.messages);
    expect(content).toContain('<notas_de_estudo>');
    expect(content).toContain('Pegadinhas:\\n- Confundir a Inconfidência');
  });
});
