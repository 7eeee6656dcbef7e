import { countLabel, plural } from '@gabarita/shared';
import type { AiConfig } from '@/config';
import type { Database } from '@/db/client';
import { operatorErrors } from '@/lib/app-errors';
import { integer, usd } from '@/lib/operator-numbers';
import {
  exportExams,
  writeExamFile,
  filePart,
  examsMissingComments,
  readCommentary,
  Fields,
} from '@/modules/content-import';
import { createCatalogService } from '@/modules/catalog';
import { costMicroUsd, recordOperatorUsage } from '@/modules/tokens';
import { rasterForModel, toTutorNotes, toTutorQuestion, createTutor } from '@/modules/ai';
import { draftComment, type DraftOutcome } from './comment-drafter';
import { type DraftAnswer, DRAFT_PROMPT_VERSION } from './draft-prompt';

export interface DraftRequest {
  /** Where the exam files go: a new or empty folder. */
  dir: string;
  /** The exams to draft for; with `missing`, every exam with a question without a comment too. */
  examIds: string[];
  missing: boolean;
  /** At most this many questions are sent to the model. */
  limit: number;
  /** Per call (tests shorten it). */
  timeoutMs?: number;
}

/** Provider failures in a row after which the batch stops (the provider is likely down). */
const FAILURES_IN_A_ROW_TO_STOP = 3;

/** A draft escaped as the comment's HTML, in format 2 with `rascunho` and `geracao`. */
function draftFile(answer: DraftAnswer, generation: Record<string, unknown>) {
  return {
    resumo: escapeText(answer.resumo),
    alternativas: Object.fromEntries(
      Object.entries(answer.alternativas).map(([letter, reason]) => [letter, escapeText(reason)]),
    ),
    ...(answer.fundamento.length > 0
      ? {
          fundamento: answer.fundamento.map((source) => ({
            tipo: source.tipo,
            referencia: source.referencia,
            ...(source.url ? { url: source.url } : {}),
          })),
        }
      : {}),
    rascunho: true,
    geracao: generation,
  };
}

/** The model writes plain text: '<', '>' and '&' in it are characters, not HTML. */
function escapeText(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The importer's own check of a comment; the problems, in its words, or none. */
function importerProblems(comment: unknown, letters: string): string[] {
  const problems: string[] = [];
  const at = (path: string, message: string) =>
    problems.push(`${path.replace(/^\$\.comentario\.?/, '') || 'comentário'}: ${message}`);
  readCommentary(new Fields({ comentario: comment }, '$', at), letters, at);
  return problems;
}

/**
 * `content:draft-comments`: asks the configured language model for comments of questions without
 * one and writes their exams as a catalogue folder, each draft marked `rascunho: true` with how it
 * was written (docs/content-format.md). An editor reviews the files and imports them. Each exam
 * file is rewritten as soon as one of its drafts arrives, so a batch cut short keeps what it got.
 */
export async function draftComments(
  db: Database,
  ai: AiConfig,
  request: DraftRequest,
  progress: (line: string) => void,
): Promise<string[]> {
  if (ai.provider === 'offline') {
    throw operatorErrors.usage(
      'O tutor configurado é o offline, que não escreve comentários: configure um modelo de ' +
        'linguagem (AI_PROVIDER=gemini ou openai-compatible, veja o README) para gerar rascunhos.',
    );
  }
  const examIds = [
    ...new Set([...request.examIds, ...(request.missing ? await examsMissingComments(db) : [])]),
  ];
  const { exported, unknown } = await exportExams(db, request.dir, examIds);
  if (unknown.length > 0) {
    throw operatorErrors.usage(
      `${plural(unknown.length, 'Prova desconhecida', 'Provas desconhecidas')}: ${unknown.join(', ')}. Nada foi escrito.`,
    );
  }
  const pending = exported.flatMap(({ stored, file }) =>
    stored.questions
      .filter(({ question }) => !question.commentary && question.status !== 'annulled')
      .map(({ question }) => ({ question, file })),
  );
  const batch = pending.slice(0, request.limit);
  progress(
    `${countLabel(exported.length, 'prova exportada', 'provas exportadas')} para ${request.dir}; ${countLabel(pending.length, 'questão', 'questões')} sem comentário` +
      (batch.length < pending.length ? `, das quais ${batch.length} agora (--limit).` : '.'),
  );

  const tutor = createTutor(ai);
  const catalog = createCatalogService(db);
  const tally = { drafted: 0, refused: 0, malformed: 0, failed: 0, input: 0, output: 0, cost: 0 };
  let failuresInARow = 0;
  let stoppedEarly = false;
  for (const [index, { question, file }] of batch.entries()) {
    const material = (await catalog.tutorMaterial(question.id))!;
    const notes = toTutorNotes(
      await catalog.subjectNotes(material.disciplineCode, material.subject),
    );
    const image =
      tutor.sendsImages && material.image
        ? await rasterForModel(material.image).catch(() => undefined)
        : undefined;
    const outcome = await draftComment(tutor, toTutorQuestion(material), notes, {
      image,
      timeoutMs: request.timeoutMs,
    });
    const cost =
      costMicroUsd(outcome.usage.input, ai.pricing.inputPerMillion) +
      costMicroUsd(outcome.usage.output, ai.pricing.outputPerMillion);
    await recordOperatorUsage(db, 'comment_drafts', outcome.usage, ai.pricing);
    tally.input += outcome.usage.input;
    tally.output += outcome.usage.output;
    tally.cost += cost;

    const line = `[${index + 1}/${batch.length}] ${question.id}: `;
    const result = settle(outcome, question.alternatives.map((a) => a.letter).join(''), {
      modelo: ai.model,
      versao_prompt: DRAFT_PROMPT_VERSION,
      tokens_entrada: outcome.usage.input,
      tokens_saida: outcome.usage.output,
      custo_usd: cost / 1_000_000,
    });
    if (result.comment) {
      filePart(file, question.optionKey).questoes[String(question.number)]!.comentario =
        result.comment;
      writeExamFile(request.dir, file);
      tally.drafted += 1;
    } else {
      tally[result.kind] += 1;
    }
    progress(line + result.message);

    failuresInARow = result.kind === 'failed' ? failuresInARow + 1 : 0;
    if (failuresInARow === FAILURES_IN_A_ROW_TO_STOP && index + 1 < batch.length) {
      stoppedEarly = true;
      progress(
        `O provedor falhou ${FAILURES_IN_A_ROW_TO_STOP} vezes seguidas: parei aqui; o que já foi escrito está na pasta.`,
      );
      break;
    }
  }

  return [
    `Rascunhos escritos: ${tally.drafted} de ${countLabel(batch.length, 'questão pedida', 'questões pedidas')}` +
      (stoppedEarly ? ' (interrompido: o provedor falhou seguidamente)' : '') +
      `; recusadas pelo modelo: ${tally.refused}; fora do formato: ${tally.malformed}; falhas do provedor: ${tally.failed}.`,
    `Uso: ${integer.format(tally.input)} tokens de entrada e ${integer.format(tally.output)} de saída, ${usd(tally.cost)} (em ai:usage, como trabalho da equipe).`,
    `Revise os comentários em ${request.dir}/provas: corrija o que precisar, tire "rascunho" e "geracao" ` +
      `de cada um revisado, ou importe a pasta já revisada com --accept-drafts: ` +
      `npm run content:import -- ${request.dir} --accept-drafts`,
  ];
}

/** What a call's outcome becomes: a checked draft for the file, or the reason there is none. */
function settle(
  outcome: DraftOutcome,
  letters: string,
  generation: Record<string, unknown>,
):
  | { kind: 'drafted'; comment: Record<string, unknown>; message: string }
  | { kind: 'refused' | 'malformed' | 'failed'; comment?: undefined; message: string } {
  switch (outcome.kind) {
    case 'drafted': {
      const comment = draftFile(outcome.answer, generation);
      const problems = importerProblems(comment, letters);
      if (problems.length > 0) {
        return { kind: 'malformed', message: `rascunho descartado: ${problems.join('; ')}` };
      }
      return {
        kind: 'drafted',
        comment,
        message: `rascunho escrito (${integer.format(outcome.usage.input)} + ${integer.format(outcome.usage.output)} tokens)`,
      };
    }
    case 'refused':
      return { kind: 'refused', message: `sem rascunho: ${outcome.detail}` };
    case 'malformed':
      return { kind: 'malformed', message: `sem rascunho: ${outcome.detail}` };
    case 'timeout':
    case 'failed':
      return { kind: 'failed', message: `sem rascunho: ${outcome.detail}` };
  }
}
