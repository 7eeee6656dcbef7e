import fs from 'node:fs';
import { countLabel } from '@gabarita/shared';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createCatalogService } from '@/modules/catalog';
import { DEMO_CATALOG_DIR, createContentImportService } from '@/modules/content-import';
import {
  commentAgreement,
  evaluateTutor,
  evaluationTable,
  CHAT_HONESTY_BAR,
  chatEvaluationTable,
  chatHonesty,
  chatHonestySummary,
  evaluateChat,
  loadChatEvalSet,
  type EvaluatedReply,
  createTutor,
} from '@/modules/ai';

/**
 * `npm run eval:tutor`: the explanation of every demonstration question, written by the configured
 * tutor (AI_PROVIDER and friends, from the environment or .env), graded against the official key;
 * then the chat's answers to the off-script questions of tutor-chat-eval.json, graded for honesty.
 * The catalogue is loaded into a throwaway in-memory database; nothing of DATA_DIR is touched.
 * EVAL_CONCURRENCY (default 4) calls run at a time. With the offline tutor an explanation below
 * 100%, honest chat answers below 95% or any invented number is a regression, and the command
 * fails.
 */
async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const tutor = createTutor({ ...config.ai, maxRetries: 2 });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await database.migrate();
    await createContentImportService(database.db).importContent(DEMO_CATALOG_DIR);
    console.log(
      `Tutor: ${tutor.info.provider} (${tutor.info.model})${tutor.info.languageModel ? '' : ', não é um modelo de linguagem'}`,
    );
    const started = Date.now();
    const results = await evaluateTutor({
      tutor,
      catalog: createCatalogService(database.db),
      concurrency: Number(process.env.EVAL_CONCURRENCY ?? 4),
      onResult: (_result, done, total) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total}`);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\r');
    console.log('');
    for (const line of evaluationTable(results)) console.log(line);
    console.log(`\n${commentAgreement(results)}`);
    const failures = results.filter(
      (result) => !result.grade.passes || result.agreesWithComment === false,
    );
    const usage = results.reduce(
      (sum, result) => ({
        input: sum.input + result.usage.input,
        output: sum.output + result.usage.output,
      }),
      { input: 0, output: 0 },
    );
    console.log(
      `\n${countLabel(results.length, 'questão', 'questões')} em ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${countLabel(usage.input, 'token', 'tokens')} de entrada e ${usage.output.toLocaleString('pt-BR')} de saída.`,
    );
    if (failures.length > 0) {
      console.log('\nQuestões que não passaram:');
      for (const failure of failures) {
        const reasons = [
          ...(failure.grade.namesKey ? [] : [`não cita o gabarito ${failure.key} como correto`]),
          ...failure.grade.othersCalledCorrect.map((letter) => `chama ${letter} de correta`),
          ...(failure.agreesWithComment === false ? ['discorda do comentário da equipe'] : []),
          ...(failure.error ? [`falha: ${failure.error}`] : []),
        ];
        console.log(`- ${failure.id}: ${reasons.join('; ')}`);
      }
    }

    const replies = await evaluateChat({
      tutor,
      catalog: createCatalogService(database.db),
      cases: loadChatEvalSet(),
      concurrency: Number(process.env.EVAL_CONCURRENCY ?? 4),
    });
    console.log('');
    for (const line of chatEvaluationTable(replies)) console.log(line);
    console.log(`\n${chatHonestySummary(replies)}`);
    const chat = chatHonesty(replies);
    if (!chat.passes) {
      console.log(
        `(o tutor offline precisa de ${Math.round(CHAT_HONESTY_BAR * 100)}% de respostas honestas e nenhum número inventado)`,
      );
    }
    const dishonest = replies.filter(
      (reply) => !reply.grade.honest || reply.grade.inventedNumbers.length > 0,
    );
    if (dishonest.length > 0) {
      console.log('\nRespostas que não passaram:');
      for (const reply of dishonest) console.log(describeReply(reply));
    }
    return tutor.info.languageModel || (failures.length === 0 && chat.passes) ? 0 : 1;
  } finally {
    await database.close();
  }
}

const KIND_NAMES = {
  answers: 'responder pelo material',
  'not-found': 'dizer que não encontrou',
  partial: 'responder uma parte e dizer que não encontrou a outra',
} as const;

function describeReply(reply: EvaluatedReply): string {
  const problems = [
    ...(reply.grade.honest
      ? []
      : [
          `devia ${KIND_NAMES[reply.expected]}${reply.grade.missing.length > 0 ? ` (faltou: ${reply.grade.missing.join('; ')})` : ''}`,
        ]),
    ...(reply.grade.inventedNumbers.length > 0
      ? [`números inventados: ${reply.grade.inventedNumbers.join(', ')}`]
      : []),
    ...(reply.error ? [`falha: ${reply.error}`] : []),
  ];
  const opening = reply.reply.split('\n').find((line) => line.trim() !== '') ?? '';
  return `- ${reply.questionId}, “${reply.message}”: ${problems.join('; ')}\n  resposta: ${opening.slice(0, 160)}`;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  });
