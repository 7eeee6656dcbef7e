import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createCatalogService } from '../modules/catalog/catalog.service';
import { DEMO_CATALOG_DIR } from '../modules/catalog/demo-catalog';
import { createContentImportService } from '../modules/catalog/import/content-import.service';
import { commentAgreement, evaluateTutor, evaluationTable } from '../modules/ai/tutor-eval';
import { createTutor } from '../modules/ai/tutor/tutor';

/**
 * `npm run eval:tutor`: the explanation of every demonstration question, written by the configured
 * tutor (AI_PROVIDER and friends, from the environment or .env), graded against the official key.
 * The catalogue is loaded into a throwaway in-memory database; nothing of DATA_DIR is touched.
 * EVAL_CONCURRENCY (default 4) calls run at a time. With the offline tutor anything below 100% is a
 * regression, and the command fails.
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
      `\n${results.length} questões em ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${usage.input} tokens de entrada e ${usage.output} de saída.`,
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
    return tutor.info.languageModel || failures.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  });
