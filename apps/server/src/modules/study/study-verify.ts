import { isDeepStrictEqual } from 'node:util';
import type { Database } from '@/db/client';
import { simuladoQuestionRows } from './simulado.repo';
import { outcomeOf, scoreResult } from './simulado-scoring';
import {
  crowdCountDifferences,
  finishedSimulados,
  mistakesOutsideNotebook,
  verdictsAgainstKeys,
} from './study-verify.repo';

interface Check {
  label: string;
  differences: number;
  examples: string[];
}

const EXAMPLES = 5;

async function countedCheck(label: string, differences: Promise<{ example: string }[]>) {
  const rows = await differences;
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
      'Respostas com veredito diferente do gabarito atual',
      verdictsAgainstKeys(db),
    ),
  );
  checks.push(
    await countedCheck(
      'Contadores de respostas da turma diferentes do histórico',
      crowdCountDifferences(db),
    ),
  );
  checks.push(
    await countedCheck(
      'Primeiras respostas erradas fora do caderno de erros',
      mistakesOutsideNotebook(db),
    ),
  );

  const simuladoCheck: Check = {
    label: 'Simulados com resultado diferente do gabarito atual',
    differences: 0,
    examples: [],
  };
  const finished = await finishedSimulados(db);
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
