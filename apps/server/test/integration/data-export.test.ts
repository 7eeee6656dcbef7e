import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES, type DataExport, dataExportsResponseSchema } from '@gabarita/shared';
import { dataExports, examOptionChoices, sessions, users } from '@/db/schema';
import { saoPauloDay } from '@/lib/clock';
import { createPasswordUser, get, send, sessionCookieFor } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { questionIdsOf, seedPersonalData } from '../helpers/personal-data';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EXAM = 'alfa_2017_prova';

/** Every file of an archive, read by an ordinary unzip library (yauzl), as name → bytes. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true }, (error, file) => {
      if (error) return reject(error);
      const found = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(found));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function requestExport(app: FastifyInstance, cookie: string): Promise<DataExport> {
  const response = await send(app, 'POST', '/api/me/data-exports', {}, cookie);
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

/** Polls the list, as the page does, until the export is no longer being built. */
async function finished(app: FastifyInstance, cookie: string, id: string): Promise<DataExport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await get(app, '/api/me/data-exports', cookie);
    expect(response.statusCode).toBe(200);
    const item = parsed(response, dataExportsResponseSchema).items.find((each) => each.id === id);
    if (item && item.status !== 'building') return item;
    if (Date.now() > deadline) throw new Error(`export ${id} still building`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function download(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/me/data-exports/${id}/file`,
    headers: { cookie },
  });
}

describe('data export', () => {
  let testApp: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      starting: 'mini',
      config: { smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  async function seededAccount(name: string, marker: string) {
    const { db } = testApp.database;
    const account = await createPasswordUser(db, { name });
    const user = { id: account.user.id, email: account.email, name };
    const seeded = await seedPersonalData(
      db,
      user,
      { examId: EXAM, questionIds: await questionIdsOf(db, EXAM) },
      marker,
    );
    // The mini catalogue's exams have no option blocks: a choice is written as the route would.
    await db
      .insert(examOptionChoices)
      .values({ userId: user.id, examId: EXAM, optionKey: 'ingles' });
    return { ...user, seeded, cookie: await sessionCookieFor(db, user.id) };
  }

  it('gives the owner every kind of their data, and nothing of anyone else', async () => {
    const { app, database } = testApp;
    const owner = await seededAccount('Xavier Exportador Qwz', 'MARCA-DONO-7Q2');
    const other = await seededAccount('Yolanda Alheia Kpt', 'MARCA-OUTRA-9Z4');

    const requested = await requestExport(app, owner.cookie);
    expect(requested).toMatchObject({ status: 'building', readyAt: null, sizeBytes: null });
    const ready = await finished(app, owner.cookie, requested.id);
    expect(ready.status).toBe('ready');
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(24 * 60 * 60 * 1000);

    const response = await download(app, owner.cookie, requested.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="gabarita-meus-dados-${saoPauloDay(new Date(ready.readyAt!))}.zip"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.length).toBe(ready.sizeBytes);

    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'LEIA-ME.txt',
        'avisos.json',
        'caderno-de-erros.json',
        'compras.json',
        'consentimentos.json',
        'conversas-com-o-tutor.json',
        'editais.json',
        'escolhas-de-opcao.json',
        'explicacoes-e-textos.json',
        'foto.webp',
        'mensagens-de-ajuda.json',
        'metodos-de-acesso.json',
        'perfil.json',
        'plano.json',
        'provas-abertas.json',
        'reportes-de-erro.json',
        'revisao-e-cartoes.json',
        'respostas.csv',
        'respostas.json',
        'simulados.json',
        'tokens.json',
        'uso-diario.json',
      ].sort(),
    );
    const read = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));

    expect(read('perfil.json')).toMatchObject({
      id: owner.id,
      nome: owner.name,
      email: owner.email,
      formaDeEntrada: 'e-mail e senha',
      papel: 'aluno',
      foto: 'foto enviada: sim (arquivo foto.webp)',
      emailsAnteriores: [
        {
          email: `antigo.${owner.email}`,
          usadoDe: expect.any(String),
          usadoAte: expect.any(String),
        },
      ],
    });
    expect(files.get('foto.webp')!.toString()).toBe('RIFF-foto-MARCA-DONO-7Q2');
    const access = read('metodos-de-acesso.json');
    expect(access).toMatchObject({
      senhaDefinida: true,
      contaGoogleVinculada: false,
      navegadoresLembrados: { quantidade: 1 },
    });
    // The seeded session and the one of this test's cookie.
    expect(access.sessoes).toHaveLength(2);
    expect(read('plano.json').premiumAte).not.toBeNull();

    const [firstQuestion, secondQuestion] = await questionIdsOf(database.db, EXAM);
    const answers = read('respostas.json');
    expect(answers).toHaveLength(2);
    expect(answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questao: firstQuestion, prova: EXAM, resultado: 'errada' }),
        expect.objectContaining({ questao: secondQuestion, resultado: 'não respondida' }),
      ]),
    );
    expect(answers[0].disciplina).toEqual(expect.any(String));
    expect(answers[0].assunto).toEqual(expect.any(String));
    const csv = files.get('respostas.csv')!.toString('utf8');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(3);
    expect(csv).toContain(firstQuestion);

    expect(read('provas-abertas.json')).toEqual([expect.objectContaining({ prova: EXAM })]);
    expect(read('escolhas-de-opcao.json')).toEqual([
      expect.objectContaining({ prova: EXAM, opcao: 'ingles' }),
    ]);
    const [simulado] = read('simulados.json');
    expect(simulado).toMatchObject({ titulo: `Simulado ${EXAM}`, prova: EXAM });
    expect(simulado.questoes.map((q: { questao: string }) => q.questao)).toEqual([
      firstQuestion,
      secondQuestion,
    ]);
    expect(read('caderno-de-erros.json')).toEqual([
      expect.objectContaining({ questao: firstQuestion }),
    ]);
    const review = read('revisao-e-cartoes.json');
    expect(review.retencaoDesejada).toBe(0.85);
    expect(review.cartoes).toEqual([
      expect.objectContaining({
        questaoDeOrigem: firstQuestion,
        frente: expect.stringMatching(/^Frente /),
      }),
    ]);
    expect(review.revisoes).toEqual([
      expect.objectContaining({ questao: firstQuestion, avaliacao: 'Bom', valeu: true }),
    ]);
    expect(read('editais.json')).toEqual([
      expect.objectContaining({
        nome: 'Edital MARCA-DONO-7Q2',
        disciplinas: [
          {
            nome: 'LÍNGUA PORTUGUESA',
            topicos: [{ numero: '1', texto: 'Ortografia MARCA-DONO-7Q2', subtopicos: [] }],
          },
        ],
        textoOriginal: 'LÍNGUA PORTUGUESA: 1 Ortografia MARCA-DONO-7Q2.',
      }),
    ]);
    const purchases = read('compras.json');
    expect(purchases.map((p: { id: string }) => p.id).sort()).toEqual(
      [owner.seeded.purchaseIds.paid, owner.seeded.purchaseIds.expired].sort(),
    );
    expect(
      purchases.find((p: { id: string }) => p.id === owner.seeded.purchaseIds.paid),
    ).toMatchObject({ situacao: 'paga', preco: 'R$ 29,90', produto: 'Premium mensal' });
    const tokens = read('tokens.json');
    expect(tokens.saldoDoPacote).toMatchObject({ tokensDeEntrada: 1000, tokensDeSaida: 500 });
    expect(tokens.usoPorDia).toEqual([
      expect.objectContaining({ recurso: 'conversa com o tutor', chamadas: 1 }),
    ]);
    expect(tokens.reservasDeTokens).toEqual([
      expect.objectContaining({ situacao: 'concluída', chamadas: 1, tokensCobradosDeEntrada: 10 }),
    ]);
    const texts = read('explicacoes-e-textos.json');
    expect(texts.explicacoesDeQuestoes).toEqual([
      expect.objectContaining({ questao: firstQuestion, texto: 'Explicação da questão.' }),
    ]);
    expect(texts.textosDeEstudo).toEqual([expect.objectContaining({ texto: 'Texto de estudo.' })]);
    const [chat] = read('conversas-com-o-tutor.json');
    expect(chat.questao).toBe(firstQuestion);
    expect(chat.mensagens.map((m: { autor: string }) => m.autor)).toEqual(['você', 'tutor']);
    expect(chat.mensagens[0].texto).toContain('MARCA-DONO-7Q2');
    expect(read('reportes-de-erro.json')).toEqual([
      expect.objectContaining({
        id: owner.seeded.errorReportId,
        texto: 'O gabarito parece errado. MARCA-DONO-7Q2',
        respostaDaEquipe: 'Obrigado, corrigimos o gabarito.',
      }),
    ]);
    const [help] = read('mensagens-de-ajuda.json');
    expect(help).toMatchObject({
      id: owner.seeded.helpRequestId,
      mensagem: 'Não consigo abrir o simulado. MARCA-DONO-7Q2',
    });
    expect(help.respostasDaEquipe).toEqual([
      expect.objectContaining({ texto: `Olá, ${owner.name}: tente de novo agora.` }),
    ]);
    expect(read('avisos.json')).toEqual([
      expect.objectContaining({ texto: expect.stringContaining('MARCA-DONO-7Q2') }),
    ]);
    expect(read('consentimentos.json').map((c: { documento: string }) => c.documento)).toEqual(
      expect.arrayContaining(['Termos de uso', 'Política de privacidade']),
    );
    expect(read('uso-diario.json')).toEqual([expect.objectContaining({ respostasCorrigidas: 1 })]);
    const readMe = files.get('LEIA-ME.txt')!.toString('utf8');
    expect(readMe).toContain('Mercado Pago');
    expect(readMe).toContain('Excluir minha conta');
    for (const name of files.keys()) if (name !== 'LEIA-ME.txt') expect(readMe).toContain(name);

    // Nothing of the other account, and no secret of the owner's, anywhere in the archive.
    const everything = [...files.values()].map((content) => content.toString('utf8')).join('\n');
    for (const foreign of [other.id, other.email, other.name, 'MARCA-OUTRA-9Z4']) {
      expect(everything).not.toContain(foreign);
    }
    for (const purchaseId of Object.values(other.seeded.purchaseIds)) {
      expect(everything).not.toContain(purchaseId);
    }
    const [ownerRow] = await database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(everything).not.toContain(ownerRow!.passwordHash!);
    const tokenHashes = await database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, owner.id));
    expect(tokenHashes.length).toBeGreaterThan(0);
    for (const { tokenHash } of tokenHashes) expect(everything).not.toContain(tokenHash);

    // The owner is told, at the account's address, with the link to the export on /conta.
    const mail = await smtp.lastTo(owner.email);
    expect(mail.subject).toBe('Seus dados estão prontos');
    expect(mail.text).toContain(`http://localhost:3000/conta?exportacao=${requested.id}`);
    expect(mail.html).toContain(`http://localhost:3000/conta?exportacao=${requested.id}`);
  });

  it('lets only the owner download, answers 409 while building and 410 once expired', async () => {
    const { app, database } = testApp;
    const owner = await createPasswordUser(database.db);
    const ownerCookie = await sessionCookieFor(database.db, owner.user.id);
    const stranger = await createPasswordUser(database.db);
    const strangerCookie = await sessionCookieFor(database.db, stranger.user.id);

    const requested = await requestExport(app, ownerCookie);
    await finished(app, ownerCookie, requested.id);

    const foreign = await download(app, strangerCookie, requested.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      code: 'privacy/export-not-found',
      message: PRIVACY_MESSAGES.exportNotFound,
    });
    // The same answer as for an id nobody has.
    const missing = await download(app, strangerCookie, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('privacy/export-not-found');
    expect((await get(app, '/api/me/data-exports', strangerCookie)).json().items).toEqual([]);
    const visitor = await app.inject({
      method: 'GET',
      url: `/api/me/data-exports/${requested.id}/file`,
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain(owner.email);

    await database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, requested.id));
    const expired = await download(app, ownerCookie, requested.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({
      code: 'privacy/export-expired',
      message: PRIVACY_MESSAGES.exportExpired,
    });
    // An expired file is no longer listed.
    expect((await get(app, '/api/me/data-exports', ownerCookie)).json().items).toEqual([]);

    // A build in progress (as another instance would have it): not ready, and asked again, the
    // same build is answered instead of a second one.
    const [building] = await database.db
      .insert(dataExports)
      .values({ userId: owner.user.id })
      .returning({ id: dataExports.id });
    const notReady = await download(app, ownerCookie, building!.id);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error).toEqual({
      code: 'privacy/export-not-ready',
      message: PRIVACY_MESSAGES.exportNotReady,
    });
    expect((await requestExport(app, ownerCookie)).id).toBe(building!.id);

    // A build its dead process left behind shows as failed after an hour, and a new one starts.
    await database.db
      .update(dataExports)
      .set({ requestedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(dataExports.id, building!.id));
    const listed = (await get(app, '/api/me/data-exports', ownerCookie)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id: building!.id, status: 'failed' })]);
    const fresh = await requestExport(app, ownerCookie);
    expect(fresh.id).not.toBe(building!.id);
    await finished(app, ownerCookie, fresh.id);
    const items = (await get(app, '/api/me/data-exports', ownerCookie)).json().items;
    expect(items.map((item: DataExport) => [item.id, item.status])).toEqual([
      [fresh.id, 'ready'],
      [building!.id, 'failed'],
    ]);
    expect(items[0]).not.toHaveProperty('content');
  });

  it('refuses an unconfirmed address, and a sixth export in a day', async () => {
    const { app, database } = testApp;
    const unverified = await createPasswordUser(database.db, { verified: false });
    const refused = await send(
      app,
      'POST',
      '/api/me/data-exports',
      {},
      await sessionCookieFor(database.db, unverified.user.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/email-not-verified');

    const account = await createPasswordUser(database.db);
    const cookie = await sessionCookieFor(database.db, account.user.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const requested = await requestExport(app, cookie);
      ids.push(requested.id);
      await finished(app, cookie, requested.id);
    }
    expect(new Set(ids).size).toBe(5);
    const limited = await send(app, 'POST', '/api/me/data-exports', {}, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'privacy/export-limited',
      message: PRIVACY_MESSAGES.exportLimited,
    });
    // The list shows at most five, newest first.
    const items = parsed(
      await get(app, '/api/me/data-exports', cookie),
      dataExportsResponseSchema,
    ).items;
    expect(items.map((item) => item.id)).toEqual([...ids].reverse());
  });

  it('exports 20,000 answers: the spreadsheet has a line for each', async () => {
    const { app, database } = testApp;
    const { db } = database;
    const account = await createPasswordUser(db);
    const cookie = await sessionCookieFor(db, account.user.id);
    // The mini catalogue is small: 20,000 more questions, like its first one.
    await db.execute(sql`
      insert into questions
        (id, exam_id, number, statement_html, alternatives, answer_letter, discipline_code, subject_id)
      select 'exportacao_' || g, q.exam_id, 100000 + g, '<p>Enunciado</p>', '[]'::jsonb, 'A',
        q.discipline_code, q.subject_id
      from generate_series(1, 20000) g,
        (select exam_id, discipline_code, subject_id from questions order by id limit 1) q`);
    await db.execute(sql`
      insert into question_history (user_id, question_id, response, chosen_letter, answered_at)
      select ${account.user.id}::uuid, id, case when number % 3 = 0 then 'e' else 'c' end, 'A', now()
      from questions where id like 'exportacao\\_%'`);

    const started = performance.now();
    const requested = await requestExport(app, cookie);
    const ready = await finished(app, cookie, requested.id);
    const elapsed = performance.now() - started;
    expect(ready.status).toBe('ready');
    expect(elapsed).toBeLessThan(10_000);

    const files = await unzip((await download(app, cookie, requested.id)).rawPayload);
    const lines = files.get('respostas.csv')!.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(20_001);
    expect(lines[0]).toBe(
      '\uFEFFquestao;prova;instituicao;ano;numero;disciplina;assunto;letra_escolhida;resultado;aberta_em;respondida_em',
    );
    expect(JSON.parse(files.get('respostas.json')!.toString('utf8'))).toHaveLength(20_000);
  });
});
