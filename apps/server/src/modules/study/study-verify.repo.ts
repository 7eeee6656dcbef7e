// The queries of the study data check (study-verify.ts): each row names one difference.
import { isNotNull, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { simulados } from '@/db/schema';

/** Answers whose stored verdict differs from the current key. */
export function verdictsAgainstKeys(db: Database) {
  return executeRows<{ example: string }>(
    db,
    sql`select h.user_id || ' ' || h.question_id as example
        from question_history h join questions q on q.id = h.question_id
       where h.response is not null and q.status <> 'annulled'
         and h.response <> case when h.chosen_letter = q.answer_letter then 'c' else 'e' end`,
  );
}

/** Crowd answer counters that differ from the history. */
export function crowdCountDifferences(db: Database) {
  return executeRows<{ example: string }>(
    db,
    sql`select coalesce(c.question_id, h.question_id) || ' ' || coalesce(c.letter, h.letter)
         || ': ' || coalesce(c.first_answers, 0) || ' contadas, ' || coalesce(h.total, 0) || ' no histórico' as example
        from question_answer_counts c
        full join (select question_id, chosen_letter as letter, count(*)::int as total
         from question_history where response is not null
        group by question_id, chosen_letter) h
          on h.question_id = c.question_id and h.letter = c.letter
       where coalesce(c.first_answers, 0) <> coalesce(h.total, 0)`,
  );
}

/** First wrong answers missing from the mistakes notebook. */
export function mistakesOutsideNotebook(db: Database) {
  return executeRows<{ example: string }>(
    db,
    sql`select h.user_id || ' ' || h.question_id as example
        from question_history h join questions q on q.id = h.question_id
       where h.response = 'e' and q.status <> 'annulled'
         and not exists (select 1 from review_items r
              where r.user_id = h.user_id and r.question_id = h.question_id)`,
  );
}

export function finishedSimulados(db: Database) {
  return db
    .select({ id: simulados.id, scoring: simulados.scoring, result: simulados.result })
    .from(simulados)
    .where(isNotNull(simulados.finishedAt));
}
