import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import {
  actionCodes,
  aiFeedback,
  aiGenerations,
  auditLog,
  chatFreeReplies,
  chatMessages,
  consents,
  dailyUsage,
  dataExports,
  didacticContents,
  editais,
  entitlements,
  errorReports,
  examOptionChoices,
  exams,
  helpReplies,
  helpRequests,
  operatorRuns,
  outboxMessages,
  paymentNotifications,
  previousEmails,
  purchases,
  questionBasisChanges,
  questionHistory,
  questions,
  rateLimits,
  flashcards,
  reviewItems,
  reviewLogs,
  reviewSettings,
  sessions,
  simuladoQuestions,
  simulados,
  subjects,
  testHistory,
  tokenDailyQuota,
  tokenPackageLots,
  tokenReservations,
  tokenUsage,
  tokenWallets,
  trustedBrowsers,
  userNotices,
  userPhotos,
} from '@/db/schema';
import { hashToken, randomToken } from '@/lib/tokens';

export interface SeededUser {
  id: string;
  email: string;
  name: string;
}

export interface SeedCatalogue {
  examId: string;
  questionIds: string[];
}

/** What seedPersonalData wrote that a test may look for afterwards. */
export interface SeededPersonalData {
  purchaseIds: { paid: string; expired: string };
  helpRequestId: string;
  errorReportId: string;
  dataExportId: string;
  aiGenerationKey: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * One or more rows in every table that references an account or holds its personal data, as the
 * app writes them: the ground for the tests of the data export and of the account deletion.
 * `marker` is written into the free texts the person typed (help message, error report, chat,
 * notice), so a test can search the whole database for it. The catalogue must hold `examId` and at
 * least two of its questions (the mini catalogue does).
 */
export async function seedPersonalData(
  db: Database,
  user: SeededUser,
  catalogue: SeedCatalogue,
  marker: string,
): Promise<SeededPersonalData> {
  const [first, second] = catalogue.questionIds;
  if (!first || !second) throw new Error('seedPersonalData needs two questions');
  const now = new Date();
  const [question] = await db
    .select({
      disciplineCode: questions.disciplineCode,
      subject: subjects.name,
      answerLetter: questions.answerLetter,
    })
    .from(questions)
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .where(eq(questions.id, first));
  if (!question) throw new Error(`no question ${first}`);
  const [exam] = await db
    .select({ options: exams.options })
    .from(exams)
    .where(eq(exams.id, catalogue.examId));
  if (!exam) throw new Error(`no exam ${catalogue.examId}`);

  // Account and sign-in.
  await db.insert(userPhotos).values({
    userId: user.id,
    content: Buffer.from(`RIFF-foto-${marker}`),
    contentType: 'image/webp',
    version: randomToken().slice(0, 8),
  });
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(randomToken()),
    expiresAt: new Date(now.getTime() + DAY_MS),
  });
  await db.insert(actionCodes).values([
    {
      userId: user.id,
      mode: 'resetPassword',
      codeHash: hashToken(randomToken()),
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    },
    {
      userId: user.id,
      mode: 'changeEmail',
      newEmail: `novo.${user.email}`,
      codeHash: hashToken(randomToken()),
      expiresAt: new Date(now.getTime() + DAY_MS),
    },
  ]);
  await db.insert(previousEmails).values({
    userId: user.id,
    email: `antigo.${user.email}`,
    usedFrom: new Date(now.getTime() - 2 * DAY_MS),
    usedUntil: new Date(now.getTime() - DAY_MS),
  });
  await db.insert(trustedBrowsers).values({ userId: user.id, tokenHash: hashToken(randomToken()) });
  await db.insert(consents).values([
    { userId: user.id, document: 'termos', version: '2000-01-01' },
    { userId: user.id, document: 'privacidade', version: '2000-01-01' },
  ]);

  // Plan, tokens, payments.
  await db.insert(entitlements).values({
    userId: user.id,
    premiumUntil: new Date(now.getTime() + 30 * DAY_MS),
    premiumStartedAt: now,
    lastPaymentAt: now,
  });
  await db.insert(tokenWallets).values({ userId: user.id, packageInput: 1000, packageOutput: 500 });
  await db.insert(tokenPackageLots).values({ userId: user.id, input: 1000, output: 500 });
  await db.insert(tokenDailyQuota).values({
    userId: user.id,
    day: today(),
    inputUsed: 10,
    outputUsed: 5,
  });
  await db.insert(tokenReservations).values({
    userId: user.id,
    feature: 'chat',
    day: today(),
    packageInput: 0,
    packageOutput: 0,
    dailyInput: 100,
    dailyOutput: 50,
    expiresAt: new Date(now.getTime() + 60 * 1000),
    settledAt: now,
    outcome: 'completed',
    usedInput: 10,
    usedOutput: 5,
    chargedInput: 10,
    chargedOutput: 5,
  });
  await db.insert(tokenUsage).values({
    userId: user.id,
    day: today(),
    feature: 'chat',
    calls: 1,
    inputTokens: 10,
    outputTokens: 5,
  });
  const [paid, expired] = await db
    .insert(purchases)
    .values([
      {
        userId: user.id,
        productType: 'plan',
        productId: 'mensal',
        productName: 'Premium mensal',
        priceCentavos: 2990,
        planDays: 30,
        status: 'paid',
        provider: 'sandbox',
        providerPaymentId: `pago-${randomToken().slice(0, 12)}`,
        providerStatus: 'approved',
        expiresAt: new Date(now.getTime() - 60 * 1000),
        paidAt: now,
        grantedAt: now,
        validUntil: new Date(now.getTime() + 30 * DAY_MS),
      },
      {
        userId: user.id,
        productType: 'package',
        productId: 'tokens',
        productName: 'Pacote de tokens',
        priceCentavos: 990,
        status: 'expired',
        provider: 'sandbox',
        providerPaymentId: `expirado-${randomToken().slice(0, 12)}`,
        providerStatus: 'cancelled',
        expiresAt: new Date(now.getTime() - 60 * 60 * 1000),
      },
    ])
    .returning({ id: purchases.id });
  await db.insert(paymentNotifications).values([
    { purchaseId: paid!.id, source: 'webhook', providerStatus: 'approved', changed: true },
    { purchaseId: expired!.id, source: 'reconciler', providerStatus: 'cancelled', changed: true },
  ]);

  // Study.
  await db.insert(testHistory).values({ userId: user.id, examId: catalogue.examId });
  // exam_option_choices: only an exam with option blocks can have one (the mini catalogue's don't).
  const option = exam.options[0];
  if (option) {
    await db
      .insert(examOptionChoices)
      .values({ userId: user.id, examId: catalogue.examId, optionKey: option.key });
  }
  const wrongLetter = question.answerLetter === 'A' ? 'B' : 'A';
  await db.insert(questionHistory).values([
    {
      userId: user.id,
      questionId: first,
      response: 'e',
      chosenLetter: wrongLetter,
      answeredAt: now,
    },
    { userId: user.id, questionId: second },
  ]);
  await db.insert(dailyUsage).values({ userId: user.id, day: today(), questionChecks: 1 });
  const [reviewItem] = await db
    .insert(reviewItems)
    .values({
      userId: user.id,
      questionId: first,
      dueDay: today(),
      lastWrongAt: now,
    })
    .returning({ guid: reviewItems.guid });
  await db.insert(flashcards).values({
    userId: user.id,
    front: `Frente ${marker}`,
    back: `Verso ${marker}`,
    disciplineCode: question.disciplineCode,
    subject: question.subject,
    sourceQuestionId: first,
    dueDay: today(),
  });
  await db.insert(reviewLogs).values({
    userId: user.id,
    clientId: randomUUID(),
    itemGuid: reviewItem!.guid,
    kind: 'question',
    questionId: first,
    disciplineCode: question.disciplineCode,
    rating: 3,
    fsrsState: 2,
    elapsedDays: 1,
    scheduledDays: 3,
    stability: 3,
    difficulty: 6,
    reviewedAt: now,
    nextDue: new Date(now.getTime() + 3 * DAY_MS),
    nextDueDay: today(),
    applied: true,
  });
  await db.insert(reviewSettings).values({ userId: user.id, desiredRetention: 0.85 });
  await db.insert(editais).values({
    userId: user.id,
    name: `Edital ${marker}`,
    examDate: today(),
    syllabus: [
      {
        name: 'LÍNGUA PORTUGUESA',
        topics: [{ number: '1', text: `Ortografia ${marker}`, children: [] }],
      },
    ],
    topicCount: 1,
    sourceText: `LÍNGUA PORTUGUESA: 1 Ortografia ${marker}.`,
  });
  const [simulado] = await db
    .insert(simulados)
    .values({
      userId: user.id,
      examId: catalogue.examId,
      title: `Simulado ${catalogue.examId}`,
      scoring: 'padrao',
      certoErrado: false,
      startedAt: now,
      timeLimitSeconds: 3600,
    })
    .returning({ id: simulados.id });
  await db.insert(simuladoQuestions).values([
    { simuladoId: simulado!.id, questionId: first, position: 1, chosenLetter: wrongLetter },
    { simuladoId: simulado!.id, questionId: second, position: 2 },
  ]);

  // AI: shared texts this account paid for (kept, superseded so seeds never clash), a text being
  // written for it, and its tutor chat.
  const authorship = {
    provider: 'fake',
    model: 'fake-model',
    languageModel: true,
    finishReason: 'stop',
    outputTokens: 5,
    createdBy: user.id,
    supersededAt: now,
  };
  await db
    .insert(aiFeedback)
    .values({ questionId: first, content: 'Explicação da questão.', ...authorship });
  await db.insert(didacticContents).values({
    disciplineCode: question.disciplineCode,
    subject: question.subject,
    content: 'Texto de estudo.',
    ...authorship,
  });
  // The app's key is `feedback:<question>`; a suffix lets two accounts' seeds share a catalogue.
  const aiGenerationKey = `feedback:${first}:${randomToken().slice(0, 8)}`;
  await db.insert(aiGenerations).values({
    key: aiGenerationKey,
    feature: 'feedback',
    userId: user.id,
    provider: 'fake',
    model: 'fake-model',
    languageModel: true,
    text: 'Explicação em andamento.',
    leaseUntil: new Date(now.getTime() + 60 * 1000),
  });
  await db.insert(chatMessages).values([
    {
      userId: user.id,
      questionId: first,
      role: 'user',
      content: `Por que não a letra ${wrongLetter}? ${marker}`,
    },
    { userId: user.id, questionId: first, role: 'model', content: 'Porque o enunciado pede…' },
  ]);
  // The key changed after that conversation, and the free reply it gives was claimed.
  const [change] = await db
    .insert(questionBasisChanges)
    .values({ questionId: first, kind: 'key', fromKey: 'A', toKey: 'B' })
    .returning({ id: questionBasisChanges.id });
  await db.insert(chatFreeReplies).values({ userId: user.id, changeId: change!.id });

  // Support.
  const [report] = await db
    .insert(errorReports)
    .values({
      userId: user.id,
      questionId: first,
      type: 'gabarito',
      text: `O gabarito parece errado. ${marker}`,
      status: 'fixed',
      reply: 'Obrigado, corrigimos o gabarito.',
      repliedAt: now,
    })
    .returning({ id: errorReports.id });
  const [help] = await db
    .insert(helpRequests)
    .values({
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      message: `Não consigo abrir o simulado. ${marker}`,
      status: 'answered',
    })
    .returning({ id: helpRequests.id });
  await db.insert(helpReplies).values({
    requestId: help!.id,
    authorName: 'Equipe Gabarita',
    body: `Olá, ${user.name}: tente de novo agora.`,
  });
  await db.insert(userNotices).values({
    userId: user.id,
    text: `O gabarito definitivo mudou o resultado da sua resposta. ${marker}`,
    link: `/questoes?questao=${first}`,
  });

  // Privacy.
  const [dataExport] = await db
    .insert(dataExports)
    .values({
      userId: user.id,
      status: 'ready',
      content: Buffer.from(`zip de ${user.email} ${marker}`),
      sizeBytes: 64,
      readyAt: now,
      expiresAt: new Date(now.getTime() + DAY_MS),
    })
    .returning({ id: dataExports.id });

  // Records that name the account without a foreign key: the audit trail as the accounts console,
  // the help inbox and the operator write it, operator runs, rate-limit counters, the dev outbox.
  const who = `${user.name} <${user.email}>`;
  const staffActor = { actorId: null, actorLabel: 'Suporte Gabarita <suporte@gabarita.com.br>' };
  await db.insert(auditLog).values([
    {
      ...staffActor,
      action: 'account.grant-tokens',
      target: `account:${user.id}`,
      summary: `1 pacote de tokens para ${who}. Motivo: cortesia`,
      details: { packages: 1, reason: 'cortesia' },
    },
    {
      ...staffActor,
      action: 'help.reply',
      target: user.email,
      summary: `Resposta à mensagem de ${user.name} enviada para ${user.email}`,
      details: { requestId: help!.id, from: 'new', message: 'tente de novo agora.' },
    },
    {
      actorId: null,
      actorLabel: 'Operador (linha de comando)',
      action: 'operator.command',
      summary: `user:grant-premium ${user.email} 30 (concluído)`,
      details: { command: 'user:grant-premium', args: [user.email, '30'], channel: 'direct' },
    },
  ]);
  await db.insert(operatorRuns).values({
    command: 'user:grant-premium',
    args: [user.email, '30'],
    channel: 'direct',
    status: 'succeeded',
    finishedAt: now,
  });
  await db
    .insert(rateLimits)
    .values(
      [
        `login-fail:email:${user.email}`,
        `reset:email:${user.email}`,
        `password-change:user:${user.id}`,
        `help:user:${user.id}`,
      ].map((key) => ({ key, windowStartedAt: now, hits: 1 })),
    );
  await db.insert(outboxMessages).values({
    to: user.email,
    subject: 'Confirme seu e-mail',
    text: `Olá, ${user.name}.`,
    html: `<p>Olá, ${user.name}.</p>`,
  });

  return {
    purchaseIds: { paid: paid!.id, expired: expired!.id },
    helpRequestId: help!.id,
    errorReportId: report!.id,
    dataExportId: dataExport!.id,
    aiGenerationKey,
  };
}

/** The ids of the first questions of an exam of the catalogue, in order. */
export async function questionIdsOf(db: Database, examId: string, count = 2) {
  const rows = await db
    .select({ id: questions.id, number: questions.number })
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(questions.number)
    .limit(count);
  return rows.map((row) => row.id);
}

/** Column types that can hold an address, a name or what a person typed. */
const SEARCHED_TYPES = new Set([
  'text',
  'character varying',
  'character',
  'jsonb',
  'json',
  'uuid',
  'bytea',
  'ARRAY',
]);

export interface ColumnName {
  table_name: string;
  column_name: string;
}

/**
 * Every column of every table that can hold text (or those of them `only` keeps), found in
 * information_schema (so a table added later is searched without being listed anywhere), and how
 * many of its rows contain each needle, in any letter case. An empty answer: none of the needles
 * is anywhere in the database.
 */
export async function tracesInEveryColumn(
  db: Database,
  needles: string[],
  only: (column: ColumnName) => boolean = () => true,
) {
  const columns = await executeRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, typeof columns>();
  for (const column of columns.filter((each) => SEARCHED_TYPES.has(each.data_type) && only(each))) {
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  }
  const found: Record<string, number> = {};
  // One query per table: a count per column and needle.
  for (const [table, searched] of byTable) {
    const probes = searched.flatMap((column) =>
      needles.map((needle) => ({
        label: `${table}.${column.column_name} ∋ ${needle}`,
        column,
        needle,
      })),
    );
    const counts = probes.map(({ column, needle }, index) => {
      const ref = sql.raw(`"${table}"."${column.column_name}"`);
      const test =
        column.data_type === 'bytea'
          ? sql`position(convert_to(${needle}, 'UTF8') in ${ref}) > 0`
          : sql`strpos(lower(${ref}::text), lower(${needle})) > 0`;
      return sql`count(*) filter (where ${test})::int as ${sql.raw(`"${index}"`)}`;
    });
    const [row] = await executeRows<Record<string, number>>(
      db,
      sql`select ${sql.join(counts, sql`, `)} from ${sql.raw(`"${table}"`)}`,
    );
    probes.forEach((probe, index) => {
      const total = row![String(index)]!;
      if (total > 0) found[probe.label] = total;
    });
  }
  return found;
}
