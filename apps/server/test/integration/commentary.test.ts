import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_TOOLS_MESSAGES } from '@gabarita/shared';
import { questions, subjects } from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
} from '@/modules/content-import/content-import.service';
import type { Problem } from '@/modules/content-import/validate-content';
import { createOperatorService } from '@/modules/operator/operator.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import {
  type EditableCatalog,
  editedCatalog,
  FORMAT_2_EXAM,
  FORMAT_2_EXAMPLE,
  MINI_CATALOG,
} from '../helpers/content';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EXAM_FILE = `provas/${FORMAT_2_EXAM}`;
const QUESTION_6 = 'exemplo_2024_formato2_prova_6';
const example = JSON.parse(fs.readFileSync(path.join(FORMAT_2_EXAMPLE, EXAM_FILE), 'utf8')) as {
  questoes: Record<string, { comentario?: Record<string, unknown> }>;
};
const comment6 = example.questoes['6']!.comentario!;

describe('format 2: comentario', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());
  const service = () => createContentImportService(test.database.db);
  const v2 = (edit: (catalog: EditableCatalog) => void) => editedCatalog(edit, FORMAT_2_EXAMPLE);
  const comment = (catalog: EditableCatalog, number: string) =>
    catalog.question(FORMAT_2_EXAM, number).comentario as Record<string, unknown>;
  const at = (path: string, message: string): Problem => ({ file: EXAM_FILE, path, message });

  async function problemsOf(dir: string): Promise<Problem[]> {
    const error = await service()
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    return (error as ContentProblemsError).problems;
  }

  it('is stored as written: the summary, a reason per alternative in order, the basis, the authors', async () => {
    await service().importContent(FORMAT_2_EXAMPLE);
    const [row] = await test.database.db
      .select({ commentary: questions.commentary })
      .from(questions)
      .where(eq(questions.id, QUESTION_6));
    const reasons = comment6.alternativas as Record<string, string>;
    expect(row!.commentary).toEqual({
      summaryHtml: comment6.resumo,
      reasons: [
        { letter: 'C', html: reasons.C },
        { letter: 'E', html: reasons.E },
      ],
      sources: (comment6.fundamento as { tipo: string; referencia: string; url: string }[]).map(
        (source) => ({ kind: source.tipo, reference: source.referencia, url: source.url }),
      ),
      author: { name: 'Equipe Gabarita', reviewedOn: '2026-11-26' },
    });
    // Optional: questions without one import too, with none.
    const [plain] = await test.database.db
      .select({ commentary: questions.commentary })
      .from(questions)
      .where(eq(questions.id, 'exemplo_2024_formato2_prova_2'));
    expect(plain!.commentary).toBeNull();
  });

  it('must explain every alternative, and only the ones the question has', async () => {
    const problems = await problemsOf(
      v2((catalog) => {
        const seven = comment(catalog, '7').alternativas as Record<string, string>;
        delete seven.C;
        delete seven.D;
        (comment(catalog, '6').alternativas as Record<string, string>).A = 'Não existe.';
      }),
    );
    expect(problems).toEqual([
      at(
        '$.questoes.6.comentario.alternativas.A',
        'a questão não tem a alternativa "A" (tem C, E)',
      ),
      at(
        '$.questoes.7.comentario.alternativas',
        'o comentário deve explicar todas as alternativas: faltam as C, D',
      ),
    ]);
  });

  it('gives each reason, not the verdict the app already shows beside it', async () => {
    const problems = await problemsOf(
      v2((catalog) => {
        const six = comment(catalog, '6').alternativas as Record<string, string>;
        six.C = 'Não está certo: o prazo é de cinco anos.';
        six.E = '<p>O item está errado porque o prazo é de cinco anos.</p>';
        (comment(catalog, '7').alternativas as Record<string, string>).B = 'Incorreta.';
      }),
    );
    expect(problems).toEqual([
      at(
        '$.questoes.6.comentario.alternativas.C',
        'começa repetindo o veredito ("Não está certo: o prazo é de cinco anos."): diga por que a alternativa está certa ou errada; o app já mostra o veredito ao lado',
      ),
      at(
        '$.questoes.6.comentario.alternativas.E',
        'começa repetindo o veredito ("O item está errado porque o prazo é de c…"): diga por que a alternativa está certa ou errada; o app já mostra o veredito ao lado',
      ),
      at(
        '$.questoes.7.comentario.alternativas.B',
        'começa repetindo o veredito ("Incorreta."): diga por que a alternativa está certa ou errada; o app já mostra o veredito ao lado',
      ),
    ]);
  });

  it('reports each wrong part of a comment at its path, and imports nothing', async () => {
    const problems = await problemsOf(
      v2((catalog) => {
        const one = comment(catalog, '1');
        one.resumo = '<figura imagem="ex2_lampada" alt="Lâmpada"></figura>';
        (one.alternativas as Record<string, unknown>).B = 42;
        one.fundamento = [
          { tipo: 'portaria', referencia: 'Portaria nº 1/2020' },
          { tipo: 'lei', referencia: 'Lei nº 9.394/1996', url: 'javascript:alert(1)' },
          'Lei nº 8.069/1990',
        ];
        one.autoria = { nome: 'Equipe', revisado_em: '26/11/2026' };
        one.nota_interna = 'rever';
        comment(catalog, '7').resumo = '   ';
      }),
    );
    expect(problems).toEqual([
      at('$.questoes.1.comentario.resumo', 'figuras e imagens não são aceitas no comentário'),
      at('$.questoes.1.comentario.alternativas.B', 'deve ser um texto, não um número'),
      at(
        '$.questoes.1.comentario.fundamento[0].tipo',
        'tipo inválido: "portaria" (use lei, sumula, jurisprudencia, doutrina, outro)',
      ),
      at(
        '$.questoes.1.comentario.fundamento[1].url',
        'deve ser um endereço https:// ou http:// (recebido: "javascript:alert(1)")',
      ),
      at(
        '$.questoes.1.comentario.fundamento[2]',
        'deve ser um objeto { "tipo", "referencia", "url"? }, não um texto',
      ),
      at(
        '$.questoes.1.comentario.autoria.revisado_em',
        'deve ser uma data AAAA-MM-DD, como "2026-11-26" (recebido: "26/11/2026")',
      ),
      at('$.questoes.1.comentario.nota_interna', 'campo desconhecido: "nota_interna"'),
      at('$.questoes.7.comentario.resumo', 'não pode ser vazio'),
    ]);
  });

  it("refuses a model's draft until an editor accepts it", async () => {
    const drafted = v2((catalog) => {
      const one = comment(catalog, '1');
      one.rascunho = true;
      one.geracao = {
        modelo: 'gemini-2.5-flash',
        versao_prompt: 'comentario-v1',
        tokens_entrada: 1200,
        tokens_saida: 340,
        custo_usd: 0.0012,
      };
    });
    expect(await problemsOf(drafted)).toEqual([
      at(
        '$.questoes.1.comentario.rascunho',
        'comentário em rascunho, escrito por um modelo e ainda não revisado: revise-o e retire "rascunho", ou importe com --accept-drafts',
      ),
    ]);
    await service().importContent(drafted, undefined, { acceptDrafts: true });
    const [row] = await test.database.db
      .select({ commentary: questions.commentary })
      .from(questions)
      .where(eq(questions.id, 'exemplo_2024_formato2_prova_1'));
    // Accepted: a comment like any other, without the drafting details.
    expect(row!.commentary!.summaryHtml).toBe(example.questoes['1']!.comentario!.resumo);
    expect(Object.keys(row!.commentary!).sort()).toEqual([
      'author',
      'reasons',
      'sources',
      'summaryHtml',
    ]);

    const badGeneration = v2((catalog) => {
      comment(catalog, '7').geracao = { modelo: 'x', versao_prompt: 'v1', tokens_entrada: -1 };
    });
    expect(await problemsOf(badGeneration)).toEqual([
      at('$.questoes.7.comentario.geracao', 'só um comentário em rascunho traz "geracao"'),
      at(
        '$.questoes.7.comentario.geracao.tokens_entrada',
        'deve ser um número maior ou igual a zero (recebido: -1)',
      ),
      at('$.questoes.7.comentario.geracao.tokens_saida', 'campo obrigatório ausente'),
      at('$.questoes.7.comentario.geracao.custo_usd', 'campo obrigatório ausente'),
    ]);
  });

  it('keeps the summary short, and belongs to format 2', async () => {
    const long = 'Uma frase longa demais para um resumo. '.repeat(20).trim();
    expect(
      await problemsOf(
        v2((catalog) => {
          comment(catalog, '1').resumo = long;
        }),
      ),
    ).toEqual([
      at(
        '$.questoes.1.comentario.resumo',
        `o resumo tem ${long.length} caracteres: use uma ou duas frases (até 600)`,
      ),
    ]);
    const formatOne = editedCatalog((catalog) => {
      catalog.question('alfa_2017_prova.json', '1').comentario = comment6;
    }, MINI_CATALOG);
    expect(await problemsOf(formatOne)).toEqual([
      {
        file: 'provas/alfa_2017_prova.json',
        path: '$.questoes.1.comentario',
        message: 'campo do formato 2: declare "versao": 2 na prova para usá-lo',
      },
    ]);
  });
});

describe('format 2: study notes (notas/<disciplina>.json)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());
  const service = () => createContentImportService(test.database.db);
  const notesOf = async (code: string, subject: string) => {
    const [row] = await test.database.db
      .select({ notes: subjects.studyNotes })
      .from(subjects)
      .where(and(eq(subjects.disciplineCode, code), eq(subjects.name, subject)));
    return row?.notes;
  };

  it('are stored on their subject, and the summary counts what the content covers', async () => {
    const progress: string[] = [];
    await service().importContent(FORMAT_2_EXAMPLE, (line) => progress.push(line));
    const notes = await notesOf('legislacao', 'LDB (Lei nº 9.394/1996)');
    expect(notes!.trapsHtml).toHaveLength(1);
    expect(notes!.sources).toEqual([
      {
        kind: 'lei',
        reference: 'Lei nº 9.394/1996 (LDB), arts. 35-D e 36 (na redação da Lei nº 14.945/2024)',
        url: 'https://www.planalto.gov.br/ccivil_03/leis/l9394.htm',
      },
    ]);
    expect(notes!.textHtml).toContain('<strong>vigente</strong>');
    expect(await notesOf('matematica', 'Frações')).toBeNull();
    expect(progress).toContain(
      'Comentários: 4 questões sem comentário (exemplo_2024_formato2_prova_2, exemplo_2024_formato2_prova_3, exemplo_2024_formato2_prova_4, exemplo_2024_formato2_prova_5); notas de estudo em 2 de 6 assuntos.',
    );
  });

  it('name a subject and a discipline the questions use, and report every wrong part', async () => {
    const dir = editedCatalog(() => undefined, FORMAT_2_EXAMPLE);
    fs.writeFileSync(
      path.join(dir, 'notas', 'matematica.json'),
      JSON.stringify({
        Frações: { texto: 'Frações.', armadilhas: [7], extra: true },
        Fracoes: { texto: 'Sem acento.' },
      }),
    );
    fs.writeFileSync(path.join(dir, 'notas', 'quimica.json'), JSON.stringify({}));
    const error = await service()
      .importContent(dir)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentProblemsError);
    expect((error as ContentProblemsError).problems).toEqual([
      {
        file: 'notas/matematica.json',
        path: '$.Frações.armadilhas[0]',
        message: 'deve ser um texto, não um número',
      },
      {
        file: 'notas/matematica.json',
        path: '$.Frações.extra',
        message: 'campo desconhecido: "extra"',
      },
      {
        file: 'notas/matematica.json',
        path: '$.Fracoes',
        message:
          'nenhuma questão de matematica tem o assunto "Fracoes": use o nome exatamente como no "assunto" das questões',
      },
      {
        file: 'notas/quimica.json',
        path: '$',
        message: 'disciplina desconhecida: "quimica" não está em disciplinas.json',
      },
    ]);
  });
});

describe('GET /api/questions/:id/commentary', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await createContentImportService(test.database.db).importContent(FORMAT_2_EXAMPLE);
  });
  afterAll(() => test.close());

  const commentaryOf = (questionId: string, cookie: string) =>
    get(test.app, `/api/questions/${questionId}/commentary`, cookie);
  const check = (questionId: string, cookie: string, letter: string) =>
    send(test.app, 'POST', `/api/questions/${questionId}/check`, { letter }, cookie);

  it('comes after the check: the summary for a free account, the reasons behind the plans', async () => {
    const student = await signedInStudent(test.app, test.database);
    const before = await commentaryOf(QUESTION_6, student.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toEqual({
      code: 'study/check-first',
      message: STUDY_TOOLS_MESSAGES.commentaryCheckFirst,
    });

    expect((await check(QUESTION_6, student.cookie, 'E')).statusCode).toBe(200);
    const after = await commentaryOf(QUESTION_6, student.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      available: true,
      summaryHtml: comment6.resumo,
      author: { name: 'Equipe Gabarita', reviewedOn: '2026-11-26' },
      locked: true,
      reasons: [],
      sources: [],
    });
  });

  it('gives the reasons and the basis to Premium and to a token package', async () => {
    const premium = await signedInStudent(test.app, test.database, { premium: true });
    const withPackage = await signedInStudent(test.app, test.database);
    await createOperatorService(test.database).run(
      'user:grant-tokens',
      [withPackage.email, '1'],
      'direct',
    );
    for (const student of [premium, withPackage]) {
      await check(QUESTION_6, student.cookie, 'C');
      const body = (await commentaryOf(QUESTION_6, student.cookie)).json();
      expect(body.locked).toBe(false);
      expect(body.reasons.map((reason: { letter: string }) => reason.letter)).toEqual(['C', 'E']);
      expect(body.sources[0]).toEqual({
        kind: 'lei',
        reference:
          'Lei nº 9.394/1996 (LDB), art. 36, IV, incluído pela Lei nº 11.684/2008 e revogado pela Lei nº 13.415/2017',
        url: 'https://www.planalto.gov.br/ccivil_03/leis/l9394.htm',
      });
    }
  });

  it('says when a question has no comment, and 404 for an unknown question', async () => {
    const student = await signedInStudent(test.app, test.database, { premium: true });
    await check('exemplo_2024_formato2_prova_2', student.cookie, 'A');
    expect((await commentaryOf('exemplo_2024_formato2_prova_2', student.cookie)).json()).toEqual({
      available: false,
    });
    const unknown = await commentaryOf('exemplo_2024_formato2_prova_99', student.cookie);
    expect(unknown.statusCode).toBe(404);
  });
});
