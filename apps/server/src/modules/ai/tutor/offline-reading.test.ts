import { describe, expect, it } from 'vitest';
import { COMMENT_FOOTER } from './offline-comment';
import { materialOf, readMessage } from './offline-reading';
import { offlineChatReply, OFFLINE_FOOTER } from './offline-writer';
import type { TutorQuestion } from './tutor-task';

/** The demonstration catalogue's braking car (Física, key B). */
const braking: TutorQuestion = {
  id: 'etfsc_2015_professor_fisica_prova_1',
  examLabel: 'Professor de Física · Instituto Horizonte de Seleção · 2015',
  disciplina: 'Física',
  assunto: 'Cinemática',
  enunciado:
    'Um automóvel trafega em linha reta a 72 km/h quando o motorista aciona os freios, imprimindo ao veículo uma desaceleração constante. O automóvel para completamente 4,0 s após o início da frenagem.\n\nA distância percorrida pelo automóvel durante a frenagem é de',
  alternativas: [
    {
      letter: 'A',
      text: '20 m.',
    },
    {
      letter: 'B',
      text: '40 m.',
    },
    {
      letter: 'C',
      text: '80 m.',
    },
    {
      letter: 'D',
      text: '144 m.',
    },
    {
      letter: 'E',
      text: '288 m.',
    },
  ],
  gabarito: 'B',
  textoReferencia: null,
  imagem: null,
  comentario: {
    resumo:
      'MUV: 72 km/h = 20 m/s; a = 20 ÷ 4 = 5 m/s² e d = v₀² ÷ (2a) = 400 ÷ 10 = 40 m; ou, pela velocidade média, d = (20 + 0)/2 × 4 = 40 m (B).',
    razoes: [
      {
        letter: 'A',
        text: '20 m confunde o valor da velocidade inicial (20 m/s) com a distância. Com velocidade média de 10 m/s durante 4 s, o carro percorre 40 m.',
      },
      {
        letter: 'B',
        text: '72 ÷ 3,6 = 20 m/s. Na desaceleração uniforme, vm = (20 + 0) ÷ 2 = 10 m/s e d = 10 × 4 = 40 m. Pela equação horária: d = v₀t − at²/2 = 20 · 4 − 5 · 16/2 = 80 − 40 = 40 m.',
      },
      {
        letter: 'C',
        text: '80 m = 20 m/s × 4 s supõe velocidade constante, ignorando a frenagem; com desaceleração uniforme até parar, a velocidade média é a metade, 10 m/s.',
      },
      {
        letter: 'D',
        text: '144 = 72 × 4 ÷ 2 usa a velocidade em km/h sem convertê-la para m/s, misturando km/h com segundos.',
      },
      {
        letter: 'E',
        text: '288 = 72 × 4 mistura km/h com segundos e ainda ignora a desaceleração.',
      },
    ],
    fundamento: [],
  },
};

/** The demonstration catalogue's LDB question on the ensino fundamental (key D). */
const schoolAge: TutorQuestion = {
  id: 'cmva_2017_professor_portugues_prova_10',
  examLabel: 'Professor de Língua Portuguesa · Instituto Horizonte de Seleção · 2017',
  disciplina: 'Legislação Educacional',
  assunto: 'LDB (Lei nº 9.394/1996)',
  enunciado:
    'Segundo a Lei de Diretrizes e Bases da Educação Nacional (Lei nº 9.394/1996), o ensino fundamental obrigatório, gratuito na escola pública, tem duração de',
  alternativas: [
    {
      letter: 'A',
      text: '8 anos, iniciando-se aos 7 anos de idade.',
    },
    {
      letter: 'B',
      text: '9 anos, iniciando-se aos 7 anos de idade.',
    },
    {
      letter: 'C',
      text: '10 anos, iniciando-se aos 5 anos de idade.',
    },
    {
      letter: 'D',
      text: '9 anos, iniciando-se aos 6 anos de idade.',
    },
  ],
  gabarito: 'D',
  textoReferencia: null,
  imagem: null,
  comentario: {
    resumo:
      'Testa o art. 32 da LDB: o ensino fundamental obrigatório dura 9 anos e começa aos 6 anos de idade (Lei nº 11.274/2006). Correta: D.',
    razoes: [
      {
        letter: 'A',
        text: 'Oito anos com início aos 7 anos era o modelo anterior: a redação original da LDB falava em duração mínima de oito anos, e o ingresso aos 7 anos vinha do art. 6º original. A Lei nº 11.274/2006 ampliou o ensino fundamental para 9 anos, a partir dos 6.',
      },
      {
        letter: 'B',
        text: 'A duração (9 anos) está certa, mas a idade de início não: desde a Lei nº 11.114/2005 e a Lei nº 11.274/2006, o ingresso é aos 6 anos, não aos 7.',
      },
      {
        letter: 'C',
        text: 'O ensino fundamental não tem 10 anos. Aos 5 anos a criança está na pré-escola, etapa da educação infantil (4 a 5 anos, LDB, art. 30, II).',
      },
      {
        letter: 'D',
        text: 'Reproduz o art. 32 da LDB (redação da Lei nº 11.274/2006): ensino fundamental obrigatório, com duração de 9 anos, gratuito na escola pública, iniciando-se aos 6 anos de idade.',
      },
    ],
    fundamento: [
      'Lei nº 9.394/1996 (LDB), art. 32, caput (redação da Lei nº 11.274/2006) (https://www.planalto.gov.br/ccivil_03/leis/l9394.htm)',
      'Lei nº 9.394/1996 (LDB), art. 30, II (https://www.planalto.gov.br/ccivil_03/leis/l9394.htm)',
    ],
  },
};

/** The demonstration catalogue's true/false item on formative assessment (key Errado). */
const formativeItem: TutorQuestion = {
  id: 'cmva_2017_professor_educacao_fisica_prova_8',
  examLabel: 'Professor de Educação Física · Instituto Horizonte de Seleção · 2017',
  disciplina: 'Pedagogia',
  assunto: 'Avaliação da aprendizagem',
  enunciado:
    'Julgue o item a seguir.\n\nA avaliação formativa tem como finalidade principal classificar os alunos ao final de um período letivo, atribuindo-lhes uma nota para fins de aprovação ou reprovação.',
  alternativas: [
    {
      letter: 'C',
      text: 'Certo',
    },
    {
      letter: 'E',
      text: 'Errado',
    },
  ],
  gabarito: 'E',
  textoReferencia: null,
  imagem: null,
  comentario: {
    resumo:
      'Testa a distinção entre avaliação formativa (ao longo do processo, para regular o ensino e a aprendizagem) e somativa (ao final, para classificar e certificar). O item descreve a somativa: errado.',
    razoes: [
      {
        letter: 'C',
        text: 'Não está certo: classificar ao final do período para aprovar ou reprovar é a função da avaliação somativa (classificatória). A formativa acontece durante o processo e serve para informar aluno e professor e ajustar o ensino.',
      },
      {
        letter: 'E',
        text: 'O item está errado porque atribui à avaliação formativa a finalidade da somativa. A formativa (termo de Scriven, 1967, desenvolvido por Bloom) é contínua, dá retorno durante a aprendizagem e orienta a correção de rumos, em linha com a avaliação contínua e cumulativa, com prevalência dos aspectos qualitativos, prevista na LDB (art. 24, V, a).',
      },
    ],
    fundamento: [
      'BLOOM, B. S.; HASTINGS, J. T.; MADAUS, G. F. Handbook on formative and summative evaluation of student learning (1971)',
      'Lei nº 9.394/1996 (LDB), art. 24, V, a (https://www.planalto.gov.br/ccivil_03/leis/l9394.htm)',
    ],
  },
};

const chat = (question: TutorQuestion, message: string) =>
  offlineChatReply({ kind: 'chat', question, feedback: null, history: [], message });
const reasonOf = (question: TutorQuestion, letter: string) =>
  question.comentario!.razoes.find((reason) => reason.letter === letter)!.text;

describe('the offline tutor says when the comment does not have the answer', () => {
  it('does not take a braking case with other numbers for the one the comment works out', () => {
    const message = 'E se o carro estivesse a 108 km/h e parasse em 5 s, qual seria a distância?';
    const [part] = readMessage(message, materialOf(braking));
    expect(part).toMatchObject({ unknown: ['108 km/h'], calculates: true, supposes: true });
    const reply = chat(braking, message);
    expect(reply).toMatch(
      /^Não encontrei isso no comentário desta questão\. Ele não fala de 108 km\/h\. Não faço contas novas: sou o tutor offline, não um modelo de linguagem\./,
    );
    // The comment's own case is shown as such, not as the answer.
    expect(reply).toContain(
      `O comentário resolve só o caso da própria questão:\n\n${braking.comentario!.resumo}`,
    );
    expect(reply).not.toContain('Com velocidade média de 10 m/s durante 4 s');
    expect(reply).toContain(
      'Posso responder, a partir do comentário:\n\n- “Por que a B está correta?”',
    );
    expect(reply.endsWith(COMMENT_FOOTER)).toBe(true);
  });

  it('does not answer a birthday in April with the sentence about age 5', () => {
    const message = 'E se a criança só fizer 6 anos em abril?';
    expect(readMessage(message, materialOf(schoolAge))[0]!.unknown).toEqual(['abril']);
    const reply = chat(schoolAge, message);
    expect(reply).toMatch(
      /^Não encontrei isso no comentário desta questão\. Ele não fala de abril\./,
    );
    expect(reply).not.toContain('Aos 5 anos a criança está na pré-escola');
    expect(reply).toContain('- “Qual é o fundamento?”');
  });

  it('does not answer how to apply formative assessment with its definition', () => {
    const message = 'Como eu faria uma avaliação formativa numa aula de Educação Física?';
    expect(readMessage(message, materialOf(formativeItem))[0]!.request).toBe('apply');
    const reply = chat(formativeItem, message);
    expect(reply).toMatch(
      /^Não encontrei isso no comentário desta questão\. Ele explica o conteúdo, não como aplicá-lo a uma situação sua\./,
    );
    for (const reason of formativeItem.comentario!.razoes) expect(reply).not.toContain(reason.text);
    expect(reply).toContain(
      'Posso responder, a partir do comentário:\n\n- “Por que o gabarito é Errado?”\n- “Qual é o fundamento?”',
    );
  });

  it('still answers from the comment what the comment says', () => {
    expect(chat(braking, 'Por que a C está errada?')).toContain(reasonOf(braking, 'C'));
    expect(chat(formativeItem, 'Quem criou o termo avaliação formativa?')).toContain(
      '> A formativa (termo de Scriven, 1967, desenvolvido por Bloom)',
    );
    expect(chat(schoolAge, 'Em que etapa fica uma criança de 5 anos?')).toContain(
      '> Aos 5 anos a criança está na pré-escola',
    );
    // A supposition the comment does work out.
    expect(chat(braking, 'E se fosse 72 km/h sem converter para m/s, quanto daria?')).not.toContain(
      'Não encontrei',
    );
  });

  it('answers a two-part question part by part, saying which part it cannot answer', () => {
    const reply = chat(
      braking,
      'Por que a D está errada? E quanto daria se a velocidade fosse 90 km/h?',
    );
    expect(reply).toContain(
      `*“Por que a D está errada?”*\n\n**A alternativa D: incorreta**\n\n${reasonOf(braking, 'D')}`,
    );
    expect(reply).toContain(
      '*“E quanto daria se a velocidade fosse 90 km/h?”*\n\nNão encontrei isso no comentário desta questão. Ele não fala de 90 km/h.',
    );
    // What it can answer instead, once, after the parts.
    expect(reply.match(/Posso responder/g)).toHaveLength(1);
    expect(reply.indexOf('Posso responder')).toBeGreaterThan(reply.indexOf('90 km/h.'));
  });

  it('never suggests asking why the key is wrong', () => {
    for (const key of ['A', 'B', 'C', 'D', 'E']) {
      const question = { ...braking, gabarito: key };
      for (const message of [
        'Explique de outro jeito',
        'E se fosse 108 km/h?',
        'Qual é a capital da França?',
        'Por que a B está errada? E a 108 km/h?',
      ]) {
        // Its suggestions: the questions it can answer, and the example of 'Explique de outro jeito'.
        const reply = chat(question, message);
        expect(reply).not.toContain(`- “Por que a ${key} está errada?”`);
        expect(reply).not.toMatch(new RegExp(`por exemplo .por que a ${key} está errada`, 'i'));
      }
      const uncommented = chat({ ...question, comentario: null }, 'Qual é a capital da França?');
      expect(uncommented).toContain('Não encontrei sua pergunta nos dados desta questão.');
      expect(uncommented).toContain(`- “Por que a ${key} está correta?”`);
      expect(uncommented).not.toContain(`- “Por que a ${key} está errada?”`);
      expect(uncommented.endsWith(OFFLINE_FOOTER)).toBe(true);
    }
  });
});
