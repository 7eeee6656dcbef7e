import {
  ANSWER_KEY_MESSAGES,
  type AnswerKeyChange,
  type AnswerKeyLine,
  type AnswerKeyPreview,
  type QuestionSnapshot,
  STUDY_PARAMS,
  countLabel,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { catalogErrors, editorErrors } from '@/lib/app-errors';
import { recordBasisChange } from '@/modules/ai';
import { actorOf, recordAudit } from '@/modules/audit';
import { recordCatalogChange } from '@/modules/catalog';
import { flagQuestionCards } from '@/modules/review';
import {
  describeChanges,
  snapshotOf,
  appendVersion,
  listVersions,
  questionPlace,
  examFile,
  loadStoredExam,
} from '@/modules/content-import';
import { postNotices } from '@/modules/notices';
import {
  answersTo,
  finishedSimuladosWith,
  lockQuestionKey,
  rescoreAfterKeyChange,
} from '@/modules/study';
import { findExamLabel, questionsByNumber, setKey, withdrawComment } from './answer-key.repo';

type KeyState = { answerLetter: string; status: 'regular' | 'annulled' | 'outdated' };
const keyName = (state: KeyState) => (state.status === 'annulled' ? 'anulada' : state.answerLetter);

/** The state a definitive key leaves a question in (an outdated question stays outdated). */
function targetState(current: KeyState, key: AnswerKeyChange['key']): KeyState {
  if (key === 'anulada') return { answerLetter: current.answerLetter, status: 'annulled' };
  return { answerLetter: key, status: current.status === 'annulled' ? 'regular' : current.status };
}

/** What the new key does to one recorded answer. */
function verdictChange(
  answer: { chosenLetter: string | null; response: string | null },
  before: KeyState,
  after: KeyState,
) {
  if (after.status === 'annulled') return before.status === 'annulled' ? null : 'voided';
  const right = answer.chosenLetter === after.answerLetter;
  if (before.status === 'annulled') return right ? 'right' : 'wrong';
  if ((answer.response === 'c') === right) return null;
  return right ? 'right' : 'wrong';
}

function noticeText(
  change: 'right' | 'wrong' | 'voided',
  number: number,
  examLabel: string,
  after: KeyState,
) {
  const question = `questão ${number} de ${examLabel}`;
  if (change === 'voided') {
    return `A banca anulou a ${question}: sua resposta deixa de contar nas suas estatísticas.`;
  }
  return `A banca alterou o gabarito da ${question} para ${after.answerLetter}: sua resposta agora está ${change === 'right' ? 'certa' : 'errada'}.`;
}

/**
 * A definitive key is a change of the question like an edit: a version of it, after the state
 * before it when the question had none (docs/product-rules.md, "Question versions").
 */
async function recordKeyVersion(
  tx: Database,
  editor: UserRow,
  questionId: string,
  before: QuestionSnapshot,
  after: QuestionSnapshot,
) {
  if ((await listVersions(tx, questionId)).length === 0) {
    await appendVersion(tx, { questionId, source: 'import', snapshot: before, changes: [] });
  }
  await appendVersion(tx, {
    questionId,
    source: 'edit',
    snapshot: after,
    changes: describeChanges(before, after).map((change) =>
      change === 'Comentário removido'
        ? 'Comentário retirado: explicava o gabarito anterior'
        : change,
    ),
    createdBy: editor.id,
    createdByName: editor.name,
  });
}

/**
 * The definitive answer key (docs/product-rules.md, "Definitive answer key"): the preview counts
 * who is affected; applying changes each question in its own transaction, with its row locked, and
 * re-scores everything that depends on the key: the history's verdicts, the mistakes notebook and
 * finished simulados (statistics and crowd stats read the history), then tells each student whose
 * verdict changed, once.
 */
export function createAnswerKeyService(db: Database) {
  async function lines(examId: string, changes: AnswerKeyChange[]) {
    const examLabel = await findExamLabel(db, examId);
    if (!examLabel) throw catalogErrors.examNotFound();
    const byNumber = new Map<number, Awaited<ReturnType<typeof questionsByNumber>>>();
    for (const q of await questionsByNumber(
      db,
      examId,
      changes.map((change) => change.number),
    )) {
      byNumber.set(q.number, [...(byNumber.get(q.number) ?? []), q]);
    }
    const seen = new Set<number>();
    const result: AnswerKeyLine[] = [];
    let notices = 0;
    for (const change of changes) {
      const matching = byNumber.get(change.number) ?? [];
      // Block questions share their numbers (docs/product-rules.md, "Exam kinds and option blocks").
      const question = matching.length === 1 ? matching[0] : undefined;
      const line: AnswerKeyLine = {
        number: change.number,
        questionId: question?.id ?? null,
        from: question ? keyName(question) : null,
        to: change.key,
        answers: 0,
        becomeRight: 0,
        becomeWrong: 0,
        voided: 0,
        simulados: 0,
        commentWithdrawn: false,
        problem: null,
      };
      result.push(line);
      if (seen.has(change.number)) {
        line.problem = ANSWER_KEY_MESSAGES.repeated;
        continue;
      }
      seen.add(change.number);
      if (matching.length > 1) {
        line.problem = ANSWER_KEY_MESSAGES.inOptionBlocks(
          matching
            .map((q) => q.optionKey ?? '')
            .sort()
            .join(', '),
        );
        continue;
      }
      if (!question) {
        line.problem = ANSWER_KEY_MESSAGES.unknownQuestion;
        continue;
      }
      const letters = question.alternatives.map((a) => a.letter);
      if (change.key !== 'anulada' && !letters.includes(change.key)) {
        line.problem = ANSWER_KEY_MESSAGES.letterNotInQuestion(letters.join(', '));
        continue;
      }
      const after = targetState(question, change.key);
      if (keyName(after) === keyName(question)) {
        line.problem = ANSWER_KEY_MESSAGES.unchanged;
        continue;
      }
      line.commentWithdrawn = question.commented && after.status !== 'annulled';
      const answers = await answersTo(db, question.id);
      line.answers = answers.length;
      for (const answer of answers) {
        const verdict = verdictChange(answer, question, after);
        if (verdict === 'right') line.becomeRight += 1;
        if (verdict === 'wrong') line.becomeWrong += 1;
        if (verdict === 'voided') line.voided += 1;
        if (verdict) notices += 1;
      }
      line.simulados = (await finishedSimuladosWith(db, question.id)).length;
    }
    return { examLabel, lines: result, notices };
  }

  /** One question's change, all or nothing, on the locked row (a concurrent check waits). */
  async function applyOne(editor: UserRow, examId: string, examLabel: string, line: AnswerKeyLine) {
    return inTransaction(db, async (tx) => {
      const questionId = line.questionId!;
      const before = (await lockQuestionKey(tx, questionId, 'update'))!;
      const after = targetState(before, line.to as AnswerKeyChange['key']);
      if (keyName(after) === keyName(before)) return 0;
      const answers = await answersTo(tx, questionId);
      const place = (await questionPlace(tx, questionId))!;
      const snapshot = async () => snapshotOf(examFile((await loadStoredExam(tx, examId))!), place);
      const previous = await snapshot();
      await setKey(tx, questionId, after);
      if (line.commentWithdrawn) await withdrawComment(tx, questionId);
      await recordKeyVersion(tx, editor, questionId, previous, await snapshot());
      // What the tutor wrote on the key before no longer stands (docs/product-rules.md, "The
      // tutor after a change of key or comment").
      await recordBasisChange(tx, {
        questionId,
        kind: after.status === 'annulled' ? 'annulment' : 'key',
        from: keyName(before),
        to: keyName(after),
        subjects: [{ disciplineCode: previous.disciplina, subject: previous.assunto }],
      });
      await flagQuestionCards(tx, questionId, 'keyChanged');
      await rescoreAfterKeyChange(tx, questionId, after);
      const link = `/questoes?${new URLSearchParams({ [STUDY_PARAMS.exam]: examId, [STUDY_PARAMS.question]: questionId })}`;
      const notices = answers.flatMap((answer) => {
        const change = verdictChange(answer, before, after);
        return change
          ? [
              {
                userId: answer.userId,
                text: noticeText(change, line.number, examLabel, after),
                link,
              },
            ]
          : [];
      });
      await postNotices(tx, notices);
      await recordAudit(tx, actorOf(editor), {
        action: 'answer-key.apply',
        target: questionId,
        summary:
          `Gabarito definitivo da questão ${line.number} de ${examLabel}: ${keyName(before)} → ${keyName(after)}` +
          ` (${countLabel(notices.length, 'resposta mudou', 'respostas mudaram')})`,
        details: { examId, from: keyName(before), to: keyName(after), notices: notices.length },
      });
      await recordCatalogChange(tx);
      return notices.length;
    });
  }

  return {
    async preview(examId: string, changes: AnswerKeyChange[]): Promise<AnswerKeyPreview> {
      const { examLabel, lines: list, notices } = await lines(examId, changes);
      return { examId, examLabel, applied: false, lines: list, notices };
    },

    async apply(
      editor: UserRow,
      examId: string,
      changes: AnswerKeyChange[],
    ): Promise<AnswerKeyPreview> {
      const { examLabel, lines: list } = await lines(examId, changes);
      if (list.some((line) => line.problem)) throw editorErrors.answerKeyProblems();
      let notices = 0;
      for (const line of list) notices += await applyOne(editor, examId, examLabel, line);
      return { examId, examLabel, applied: true, lines: list, notices };
    },
  };
}

export type AnswerKeyService = ReturnType<typeof createAnswerKeyService>;
