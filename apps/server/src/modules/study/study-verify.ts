import { isDeepStrictEqual } from 'node:util';
import { isNotNull, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { simulados } from '@/db/schema';
import { simuladoQuestionRows } from './simulado.repo';
import { outcomeOf, scoreResult } from './simulado-scoring';

interface Check {
  label: string;
  differences: number;
  examples: string[];
}

const EXAMPLES = 5;

async function countedCheck(db: Database, label: string, query: ReturnType<typeof sql>) {
  const rows = await executeRows<{ example: string }>(db, query);
  return {
    label,
    differences: rows.length,
    examples: rows.slice(0, EXAMPLES).map((r) => r.example),
  };
}

/**
 * Recomputes from the history what is stored beside it and reports every difference
 * (`npm run ops -- study:verify`): verdicts against the keys, the crowd counters, the mistakes
 * notebook, and finished simulados' outcomes and results.
 */
export async function verifyStudyData(db: Database): Promise<Check[]> {
  const checks: Check[] = [];
  checks.push(
    await countedCheck(
      db,
      'Respostas com veredito diferente do gabarito atual',
      sql`select h.user_id || ' ' || h.question_id as example
            from question_history h join questions q on q.id = h.question_id
           where h.response is not null and q.status <> 'annulled'
             and h.response <> case when h.chosen_letter = q.answer_letter then 'c' else 'e' end`,
    ),
  );
  checks.push(
    await countedCheck(
      db,
      'Contadores de respostas da turma diferentes do histórico',
      sql`select coalesce(c.question_id, h.question_id) || ' ' || coalesce(c.letter, h.letter)
                 || ': ' || coalesce(c.first_answers, 0) || ' contadas, ' || coalesce(h.total, 0) || ' no histórico' as example
            from question_answer_counts c
            full join (select question_id, chosen_letter as letter, count(*)::int as total
                         from question_history where response is not null
                        group by question_id, chosen_letter) h
              on h.question_id = c.question_id and h.letter = c.letter
           where coalesce(c.first_answers, 0) <> coalesce(h.total, 0)`,
    ),
  );
  checks.push(
    await countedCheck(
      db,
      'Primeiras respostas erradas fora do caderno de erros',
      sql`select h.user_id || ' ' || h.question_id as example
            from question_history h join questions q on q.id = h.question_id
           where h.response = 'e' and q.status <> 'annulled'
             and not exists (select 1 from review_items r
                              where r.user_id = h.user_id and r.question_id = h.question_id)`,
    ),
  );

  const simuladoCheck: Check = {
    label: 'Simulados com resultado diferente do gabarito atual',
    differences: 0,
    examples: [],
  };
  const finished = await db
    .select({ id: simulados.id, scoring: simulados.scoring, result: simulados.result })
    .from(simulados)
    .where(isNotNull(simulados.finishedAt));
  for (const simulado of finished) {
    const rows = await simuladoQuestionRows(db, simulado.id);
    const outcomesDiffer = rows.some((row) => row.outcome !== outcomeOf(row));
    const expected = scoreResult(simulado.scoring, rows, simulado.result?.timeUsedSeconds ?? 0);
    if (outcomesDiffer || !isDeepStrictEqual(expected, simulado.result)) {
      simuladoCheck.differences += 1;
      if (simuladoCheck.examples.length < EXAMPLES) simuladoCheck.examples.push(simulado.id);
    }
  }
  checks.push(simuladoCheck);
  return checks;
}
