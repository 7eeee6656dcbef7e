import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, operatorOutputSchema } from '@gabarita/shared';
import { operatorAiUsage, questions } from '@/db/schema';
import type { AiConfig } from '@/config';
import { draftComments } from '@/modules/comment-drafts/draft-comments.service';
import { aiConfig } from '../helpers/ai';
import { parsed } from '../helpers/contract';
import {
  type FakeProvider,
  type RecordedRequest,
  type Script,
  startFakeGemini,
  startFakeOpenAi,
} from '../helpers/fake-ai-providers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'token-de-operador';
const PRICING = { inputPerMillion: 1, outputPerMillion: 4 };

/** The letters the prompt asks for: '(alternativas A, B, C, D; gabarito oficial C)'. */
function askedFor(request: RecordedRequest) {
  const text = JSON.stringify(request.body);
  const match = /alternativas ([A-E](?:, [A-E])*); gabarito oficial ([A-EX])/.exec(text)!;
  return { letters: match[1]!.split(', '), key: match[2]! };
}

/** A well-formed comment for whatever question the request is about. */
function goodAnswer(request: RecordedRequest): Script {
  const { letters, key } = askedFor(request);
  return {
    text: JSON.stringify({
      resumo: `A resposta é ${key} porque 2 < 3 & 3 > 2.`,
      alternativas: Object.fromEntries(
        letters.map((letter) => [
          letter,
          letter === key ? 'Aplica a regra do enunciado.' : `Troca a regra por outra (${letter}).`,
        ]),
      ),
      fundamento: [{ tipo: 'lei', referencia: 'Lei nº 8.112/1990, art. 41', url: null }],
    }),
    usage: { input: 900, output: 250 },
  };
}

function examFile(dir: string, examId: string) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'provas', `${examId}.json`), 'utf8')) as {
    questoes: Record<string, { comentario?: Record<string, unknown> }>;
  };
}

describe('content:draft-comments', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-rascunhos-'));
  let openai: FakeProvider;
  let testApp: TestApp;
  let ai: AiConfig;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    ai = aiConfig({
      provider: 'openai-compatible',
      baseUrl: openai.url,
      model: 'modelo-editorial',
      pricing: PRICING,
    });
    testApp = await createTestApp({
      starting: 'mini',
      config: { ai },
      deps: { operatorToken: TOKEN },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await openai.stop();
    fs.rmSync(out, { recursive: true, force: true });
  });

  const run = async (
    command: string,
    args: string[],
  ): Promise<{ output?: string[]; error?: { message: string } }> => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/internal/operator/${command}`,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { args },
    });
    if (response.statusCode !== 200) return parsed(response, errorResponseSchema);
    // Amounts are formatted with a no-break space ('US$ 0,01').
    const { output } = parsed(response, operatorOutputSchema);
    return { output: output.map((line) => line.replace(/\u00a0/g, ' ')) };
  };

  it('writes drafts checked by the importer, which refuses them until they are accepted', async () => {
    openai.script(goodAnswer);
    const before = openai.requests.length;
    const dir = path.join(out, 'beta');
    const result = await run('content:draft-comments', [dir, '--exam', 'beta_2015_prova']);
    expect(result.output).toEqual([
      'Rascunhos escritos: 3 de 3 questões pedidas; recusadas pelo modelo: 0; fora do formato: 0; falhas do provedor: 0.',
      'Uso: 2.700 tokens de entrada e 750 de saída, US$ 0,0057 (em ai:usage, como trabalho da equipe).',
      `Revise os comentários em ${dir}/provas: corrija o que precisar, tire "rascunho" e "geracao" de cada um revisado, ou importe a pasta já revisada com --accept-drafts: npm run content:import -- ${dir} --accept-drafts`,
    ]);

    // Structured output: the schema travels with the request, one letter per alternative.
    const request = openai.requests[before]!;
    expect(request.body.stream).not.toBe(true);
    const format = request.body.response_format as {
      type: string;
      json_schema: { schema: { properties: { alternativas: { required: string[] } } } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.schema.properties.alternativas.required).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);

    const comment = examFile(dir, 'beta_2015_prova').questoes['1']!.comentario!;
    expect(comment).toEqual({
      resumo: 'A resposta é A porque 2 &lt; 3 &amp; 3 &gt; 2.',
      alternativas: {
        A: 'Aplica a regra do enunciado.',
        B: 'Troca a regra por outra (B).',
        C: 'Troca a regra por outra (C).',
        D: 'Troca a regra por outra (D).',
      },
      fundamento: [{ tipo: 'lei', referencia: 'Lei nº 8.112/1990, art. 41' }],
      rascunho: true,
      geracao: {
        modelo: 'modelo-editorial',
        versao_prompt: expect.stringMatching(/^comentario-/),
        tokens_entrada: 900,
        tokens_saida: 250,
        custo_usd: 0.0019,
      },
    });
    // A two-alternative item gets its two letters.
    expect(
      Object.keys(
        examFile(dir, 'beta_2015_prova').questoes['3']!.comentario!.alternativas as object,
      ),
    ).toEqual(['A', 'B']);

    // The folder is a catalogue: the import refuses the drafts, then takes them once accepted.
    const refused = await run('content:import', [dir]);
    expect(refused.error?.message).toContain('rascunho');
    expect(await commentOf('beta_2015_prova_1')).toBeNull();
    const accepted = await run('content:import', [dir, '--accept-drafts']);
    expect(accepted.error).toBeUndefined();
    expect((await commentOf('beta_2015_prova_1'))?.summaryHtml).toBe(
      'A resposta é A porque 2 &lt; 3 &amp; 3 &gt; 2.',
    );

    // The team's use is on record, apart from users'.
    const [usage] = await testApp.database.db.select().from(operatorAiUsage);
    expect(usage).toMatchObject({
      task: 'comment_drafts',
      calls: 3,
      inputTokens: 2700,
      outputTokens: 750,
    });
    const report = (await run('ai:usage', [])).output!.join('\n');
    expect(report).toContain('rascunhos de comentário (equipe)');
  });

  async function commentOf(questionId: string) {
    const [row] = await testApp.database.db
      .select({ commentary: questions.commentary })
      .from(questions)
      .where(eq(questions.id, questionId));
    return row!.commentary;
  }

  it('keeps going past a malformed answer, a refusal, an answer off the schema and a timeout', async () => {
    const scripts: ((request: RecordedRequest) => Script)[] = [
      goodAnswer,
      () => ({ text: '{"resumo": "Faltou fechar', usage: { input: 800, output: 20 } }),
      () => ({ text: '', refused: true, usage: { input: 800, output: 0 } }),
      (request) => {
        const answer = JSON.parse(goodAnswer(request).text!) as {
          alternativas: Record<string, string>;
        };
        delete answer.alternativas.C;
        return { text: JSON.stringify(answer) };
      },
      () => ({ firstChunkDelayMs: 2_000, text: '{}' }),
    ];
    openai.script((request, index) => scripts[(index - start) % scripts.length]!(request));
    const start = openai.requests.length;
    const dir = path.join(out, 'alfa');
    const lines: string[] = [];
    const summary = await draftComments(
      testApp.database.db,
      ai,
      { dir, examIds: ['alfa_2017_prova'], missing: false, limit: 10, timeoutMs: 500 },
      (line) => lines.push(line),
    );
    expect(lines).toEqual([
      `1 prova exportada para ${dir}; 5 questões sem comentário.`,
      '[1/5] alfa_2017_prova_1: rascunho escrito (900 + 250 tokens)',
      '[2/5] alfa_2017_prova_2: sem rascunho: a resposta não é um JSON válido',
      '[3/5] alfa_2017_prova_3: sem rascunho: o modelo recusou',
      expect.stringMatching(
        /^\[4\/5\] alfa_2017_prova_4: sem rascunho: a resposta não segue o esquema \(alternativas\.C: /,
      ),
      '[5/5] alfa_2017_prova_5: sem rascunho: o modelo não respondeu a tempo',
    ]);
    expect(summary[0]).toBe(
      'Rascunhos escritos: 1 de 5 questões pedidas; recusadas pelo modelo: 1; fora do formato: 2; falhas do provedor: 1.',
    );
    const file = examFile(dir, 'alfa_2017_prova');
    expect(file.questoes['1']!.comentario).toMatchObject({ rascunho: true });
    for (const number of ['2', '3', '4', '5'])
      expect(file.questoes[number]!.comentario).toBeUndefined();
  });

  it('stops after three provider failures in a row and keeps what was drafted', async () => {
    const start = openai.requests.length;
    openai.script((request, index) => (index - start < 1 ? goodAnswer(request) : { status: 500 }));
    const dir = path.join(out, 'todas');
    const lines: string[] = [];
    const summary = await draftComments(
      testApp.database.db,
      ai,
      { dir, examIds: [], missing: true, limit: 6 },
      (line) => lines.push(line),
    );
    // beta's comments were imported above: alfa and gama are the exams with questions to draft.
    expect(lines[0]).toBe(
      `2 provas exportadas para ${dir}; 7 questões sem comentário, das quais 6 agora (--limit).`,
    );
    expect(lines.slice(1)).toEqual([
      '[1/6] alfa_2017_prova_1: rascunho escrito (900 + 250 tokens)',
      '[2/6] alfa_2017_prova_2: sem rascunho: o provedor respondeu HTTP 500',
      '[3/6] alfa_2017_prova_3: sem rascunho: o provedor respondeu HTTP 500',
      '[4/6] alfa_2017_prova_4: sem rascunho: o provedor respondeu HTTP 500',
      'O provedor falhou 3 vezes seguidas: parei aqui; o que já foi escrito está na pasta.',
    ]);
    expect(summary[0]).toContain('Rascunhos escritos: 1 de 6 questões pedidas (interrompido');
    expect(examFile(dir, 'alfa_2017_prova').questoes['1']!.comentario).toMatchObject({
      rascunho: true,
    });
    expect(fs.existsSync(path.join(dir, 'provas', 'gama_2015_prova.json'))).toBe(true);
  });

  it('refuses bad arguments, unknown exams and a folder in use, writing nothing', async () => {
    const dir = path.join(out, 'nada');
    const usage =
      'Uso: content:draft-comments <pasta-de-saida> (--exam <id>… | --missing) [--limit <n>] (o limite é um inteiro entre 1 e 1000)';
    expect((await run('content:draft-comments', [dir])).error?.message).toBe(usage);
    expect(
      (await run('content:draft-comments', [dir, '--missing', '--limit', '0'])).error?.message,
    ).toBe(usage);
    expect((await run('content:draft-comments', [dir, 'alfa_2017_prova'])).error?.message).toBe(
      usage,
    );
    expect(
      (await run('content:draft-comments', [dir, '--exam', 'alfa_2017_prova', 'zeta_2020_prova']))
        .error?.message,
    ).toBe('Prova desconhecida: zeta_2020_prova. Nada foi escrito.');
    expect(fs.existsSync(dir)).toBe(false);
    expect(
      (await run('content:draft-comments', [path.join(out, 'beta'), '--missing'])).error?.message,
    ).toContain('não está vazia');
  });
});

describe('content:draft-comments with other providers', () => {
  it('the offline tutor refuses with a clear message', async () => {
    const testApp = await createTestApp({ starting: 'mini', deps: { operatorToken: TOKEN } });
    try {
      const dir = path.join(os.tmpdir(), `gabarita-offline-${process.pid}`);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/internal/operator/content:draft-comments',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { args: [dir, '--missing'] },
      });
      expect(response.json().error.message).toBe(
        'O tutor configurado é o offline, que não escreve comentários: configure um modelo de linguagem (AI_PROVIDER=gemini ou openai-compatible, veja o README) para gerar rascunhos.',
      );
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('Gemini gets the schema as its response schema', async () => {
    const gemini = await startFakeGemini();
    const ai = aiConfig({ provider: 'gemini', baseUrl: gemini.url, pricing: PRICING });
    const testApp = await createTestApp({ starting: 'mini', config: { ai } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-gemini-'));
    fs.rmdirSync(dir);
    try {
      gemini.script(goodAnswer);
      const summary = await draftComments(
        testApp.database.db,
        ai,
        { dir, examIds: ['gama_2015_prova'], missing: false, limit: 1 },
        () => undefined,
      );
      expect(summary[0]).toContain('Rascunhos escritos: 1 de 1');
      const request = gemini.requests[0]!;
      expect(request.path).toMatch(/:generateContent$/);
      const config = request.body.generationConfig as {
        responseMimeType: string;
        responseSchema?: unknown;
        responseJsonSchema?: unknown;
      };
      expect(config.responseMimeType).toBe('application/json');
      expect(config.responseSchema ?? config.responseJsonSchema).toBeDefined();
    } finally {
      await testApp.close();
      await gemini.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
