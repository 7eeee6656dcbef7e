import type { CatalogService } from '@/modules/catalog';
import { agreesWithComment, gradeExplanation, type Grade } from './tutor/answer-grader';
import { questionPrompt, toTutorQuestion } from './tutor/material';
import { runTutor, type Tutor } from './tutor/tutor';

export interface EvaluatedQuestion {
  id: string;
  discipline: string;
  key: string;
  grade: Grade;
  /** For a question with the team's comment: every alternative given the comment's verdict. */
  agreesWithComment: boolean | null;
  /** Set when the call itself failed. */
  error?: string;
  usage: { input: number; output: number };
}

/**
 * Runs the explanation of every catalogue question through the configured tutor, exactly as the
 * feedback route prompts it, and grades each against the official key (`npm run eval:tutor`).
 * Annulled questions have no key to explain (they cannot be checked) and are left out.
 */
export async function evaluateTutor(options: {
  tutor: Tutor;
  catalog: CatalogService;
  concurrency?: number;
  onResult?: (result: EvaluatedQuestion, done: number, total: number) => void;
}): Promise<EvaluatedQuestion[]> {
  const ids = await options.catalog.questionIds();
  const results: EvaluatedQuestion[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const material = (await options.catalog.tutorMaterial(ids[index]!))!;
      done += 1;
      if (material.status === 'annulled') continue;
      const question = toTutorQuestion(material);
      const prompt = await questionPrompt(options.tutor, { kind: 'feedback', question }, material);
      const run = await runTutor(options.tutor, prompt, {
        maxOutputTokens: 2048,
        signal: new AbortController().signal,
        onText: () => undefined,
      });
      const letters = question.alternativas.map((alternative) => alternative.letter);
      const grade = gradeExplanation(run.text, question.gabarito, letters);
      const result: EvaluatedQuestion = {
        id: question.id,
        discipline: question.disciplina,
        key: question.gabarito,
        grade,
        agreesWithComment: question.comentario
          ? agreesWithComment(run.text, question.gabarito, letters, grade)
          : null,
        usage: run.usage,
        ...(run.outcome === 'completed' ? {} : { error: String(run.error ?? run.outcome) }),
      };
      results.push(result);
      options.onResult?.(result, done, ids.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return results;
}

/** The evaluation as a table, one row per discipline and a total (percentages of questions). */
export function evaluationTable(results: EvaluatedQuestion[]): string[] {
  const groups = new Map<string, EvaluatedQuestion[]>();
  for (const result of results) {
    groups.set(result.discipline, [...(groups.get(result.discipline) ?? []), result]);
  }
  const percent = (part: number, whole: number) =>
    whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1).replace('.', ',')}%`;
  const row = (name: string, rows: EvaluatedQuestion[]) => {
    const namesKey = rows.filter((result) => result.grade.namesKey).length;
    const clean = rows.filter((result) => result.grade.othersCalledCorrect.length === 0).length;
    const passes = rows.filter((result) => result.grade.passes).length;
    return `| ${name} | ${rows.length} | ${percent(namesKey, rows.length)} | ${percent(clean, rows.length)} | ${percent(passes, rows.length)} |`;
  };
  const collator = new Intl.Collator('pt-BR');
  return [
    '| disciplina | questões | cita o gabarito oficial como correto | não chama outra letra de correta | ambos |',
    '|---|---|---|---|---|',
    ...[...groups.keys()].sort(collator.compare).map((name) => row(name, groups.get(name)!)),
    row('**total**', results),
  ];
}

/** The second figure: of the commented questions, the explanations that agree with the comment. */
export function commentAgreement(results: EvaluatedQuestion[]): string {
  const commented = results.filter((result) => result.agreesWithComment !== null);
  if (commented.length === 0) return 'Nenhuma questão com comentário da equipe.';
  const agree = commented.filter((result) => result.agreesWithComment).length;
  const share = ((100 * agree) / commented.length).toFixed(1).replace('.', ',');
  return `Questões com comentário da equipe: ${commented.length}; explicações com o veredito do comentário em cada alternativa: ${agree} (${share}%).`;
}
