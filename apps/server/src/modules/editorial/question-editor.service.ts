import {
  QUESTION_EDITOR_MESSAGES,
  type QuestionEditing,
  type QuestionSnapshot,
  type QuestionVersionDetail,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction, isUniqueViolation } from '@/db/transaction';
import { catalogErrors, editorErrors } from '@/lib/app-errors';
import { recordBasisChange } from '@/modules/ai';
import { actorOf, recordAudit } from '@/modules/audit';
import { recordCatalogChange, examBoardLabel, figureAssetIds } from '@/modules/catalog';
import { flagQuestionCards } from '@/modules/review';
import {
  examFilePath,
  examAssetIds,
  type ExamFile,
  examFile,
  filePart,
  questionPath,
  loadImageFiles,
  loadStoredExam,
  type ContentFiles,
  disciplineNames,
  upsertExam,
  validateContent,
  commentChanged,
  describeChanges,
  snapshotOf,
  appendVersion,
  examImportedAt,
  findVersion,
  listVersions,
  questionPlace,
  type VersionRow,
} from '@/modules/content-import';

const versionOf = (row: VersionRow) => ({
  version: row.version,
  source: row.source,
  changes: row.changes,
  createdByName: row.createdByName,
  createdAt: row.createdAt.toISOString(),
});

/** Where a question is: its number, in the common questions or in an option block. */
interface Place {
  number: number;
  optionKey: string | null;
}

/**
 * The exam file with one question replaced; the counts its part (the common questions or its
 * option block) declares follow its questions.
 */
function withQuestion(file: ExamFile, place: Place, snapshot: QuestionSnapshot): ExamFile {
  const { textos, ...question } = snapshot;
  const edited = structuredClone(file) as ExamFile & Record<string, unknown>;
  const part = filePart(edited, place.optionKey);
  part.questoes[String(place.number)] = { id_questao: String(place.number), ...question } as never;
  for (const [key, html] of Object.entries(textos)) edited[key] = html;
  const tally: ExamFile['disciplinas'] = {};
  for (const each of Object.values(part.questoes)) {
    const entry = (tally[each.disciplina] ??= { total: 0, assuntos: {} });
    entry.total += 1;
    entry.assuntos[each.assunto] = (entry.assuntos[each.assunto] ?? 0) + 1;
  }
  part.disciplinas = tally;
  return edited;
}

/** Every image an edited question may name: the exam's own and any new figure's. */
function assetIdsOf(snapshot: QuestionSnapshot): string[] {
  const htmls = [
    snapshot.questao,
    ...Object.values(snapshot.textos),
    ...snapshot.Alternativas.flatMap((a) => (typeof a === 'string' ? [] : [a.html ?? ''])),
  ];
  return [
    ...htmls.flatMap(figureAssetIds),
    ...snapshot.Alternativas.flatMap((a) => (typeof a !== 'string' && a.imagem ? [a.imagem] : [])),
    ...(snapshot.img ? [snapshot.img[0]] : []),
  ];
}

/** A problem's path inside the question ('gabarito', 'Alternativas.2', 'textos.id_texto'). */
function fieldOf(path: string, place: Place): string {
  const prefix = `${questionPath(place.optionKey, place.number)}.`;
  if (path.startsWith(prefix)) return path.slice(prefix.length);
  if (path.startsWith('$.id_')) return `textos.${path.slice(2)}`;
  // The exam's counts follow the question's discipline and subject: their problems are its own.
  if (/^\$(\.opcoes\.[a-z0-9_]+)?\.disciplinas/.test(path)) return 'disciplina';
  return path.replace(/^\$\.?/, '') || 'questao';
}

/**
 * The question editor of the editorial console (docs/product-rules.md, "Question versions"): every
 * save goes through the importer's own validation and writer, creates a version with a readable
 * list of changes and an audit entry, and bumps the catalogue's version so every instance shows it.
 */
export function createQuestionEditorService(db: Database) {
  async function load(questionId: string) {
    const place = await questionPlace(db, questionId);
    if (!place) throw catalogErrors.questionNotFound();
    // Out of its exam's file: it comes back only with the file (docs/product-rules.md, "Retired
    // questions").
    if (place.retired) throw editorErrors.retired();
    const stored = (await loadStoredExam(db, place.examId))!;
    return { place, stored, file: examFile(stored) };
  }

  async function editing(questionId: string): Promise<QuestionEditing> {
    const { place, stored, file } = await load(questionId);
    const [versions, disciplines] = await Promise.all([
      listVersions(db, questionId),
      disciplineNames(db),
    ]);
    return {
      questionId,
      examId: place.examId,
      number: place.number,
      examLabel: examBoardLabel(stored.exam),
      snapshot: snapshotOf(file, place),
      examTexts: Object.fromEntries(stored.referenceTexts.map((text) => [text.key, text.html])),
      disciplines: disciplines.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
      versions: versions.map(versionOf),
    };
  }

  /** Validates the exam with the question replaced exactly as an import of its file would. */
  async function validated(file: ExamFile, stored: Awaited<ReturnType<typeof load>>['stored']) {
    const disciplines = await disciplineNames(db);
    const assetIds = new Set([
      ...examAssetIds(stored),
      ...[file, ...Object.values(file.opcoes ?? {})]
        .flatMap((part) => Object.values(part.questoes))
        .flatMap((q) => assetIdsOf({ ...q, textos: {} } as QuestionSnapshot)),
    ]);
    const images = await loadImageFiles(db, [...assetIds]);
    const files: ContentFiles = {
      disciplines: {
        file: 'disciplinas.json',
        data: Object.fromEntries(disciplines.map((d) => [d.code, d.name])),
      },
      exams: [{ file: examFilePath(file.id), data: file }],
      disciplineFiles: [],
      noteFiles: [],
      images: new Map(
        images.map((image) => [image.assetId, { file: `imagens/${image.assetId}`, ...image }]),
      ),
      unreadable: [],
    };
    return validateContent(files);
  }

  async function write(
    editor: UserRow,
    questionId: string,
    snapshot: QuestionSnapshot,
    source: 'edit' | 'restore',
    baseVersion: number,
    restoredFrom?: number,
  ) {
    const { place, stored, file } = await load(questionId);
    const before = snapshotOf(file, place);
    const current = stored.questions.find(
      (q) => q.question.number === place.number && q.question.optionKey === place.optionKey,
    )!.question;
    if (
      snapshot.gabarito !== before.gabarito ||
      (snapshot.situacao === 'anulada') !== (current.status === 'annulled')
    ) {
      throw editorErrors.keyChange();
    }
    const edited = withQuestion(file, place, snapshot);
    const { problems, catalog } = await validated(edited, stored);
    const question = catalog.exams[0]?.questions.find(
      (q) => q.number === place.number && q.optionKey === place.optionKey,
    );
    if (question?.commentaryDraft) {
      problems.push({
        file: examFilePath(file.id),
        path: `${questionPath(place.optionKey, place.number)}.comentario.rascunho`,
        message: 'um comentário salvo no console é o revisado: retire "rascunho"',
      });
    }
    if (problems.length > 0 || !catalog.exams[0]) {
      throw editorErrors.invalid(
        QUESTION_EDITOR_MESSAGES.invalid(problems.length),
        Object.fromEntries(problems.map((p) => [fieldOf(p.path, place), p.message])),
      );
    }
    const unchanged = Symbol('unchanged');
    const version = await inTransaction(db, async (tx) => {
      const versions = await listVersions(tx, questionId);
      if ((versions[0]?.version ?? 0) !== baseVersion) throw editorErrors.stale();
      await upsertExam(tx, catalog.exams[0]!, new Map());
      // What was stored, as it was stored (sanitized): the version keeps exactly that.
      const after = snapshotOf(examFile((await loadStoredExam(tx, place.examId))!), place);
      const changes = describeChanges(before, after);
      if (changes.length === 0) throw unchanged;
      if (versions.length === 0) {
        // The state before the first edit, so that it can be restored, dated with the import that
        // wrote it.
        await appendVersion(tx, {
          questionId,
          source: 'import',
          snapshot: before,
          changes: [],
          createdAt: await examImportedAt(tx, place.examId),
        });
      }
      const row = await appendVersion(tx, {
        questionId,
        source,
        snapshot: after,
        changes,
        createdBy: editor.id,
        createdByName: editor.name,
      });
      if (commentChanged(before, after)) {
        // The tutor's texts stood on the comment (docs/product-rules.md, "The tutor after a change
        // of key or comment").
        await recordBasisChange(tx, {
          questionId,
          kind: 'comment',
          from: null,
          to: null,
          subjects: [before, after].map((each) => ({
            disciplineCode: each.disciplina,
            subject: each.assunto,
          })),
        });
        await flagQuestionCards(tx, questionId, 'commentChanged');
      }
      await recordAudit(tx, actorOf(editor), {
        action: source === 'edit' ? 'question.edit' : 'question.restore',
        target: questionId,
        summary:
          (source === 'edit'
            ? `Questão editada (versão ${row.version})`
            : `Versão ${restoredFrom} restaurada (versão ${row.version})`) +
          `: ${changes.join('; ')}`,
        details: { version: row.version, changes },
      });
      await recordCatalogChange(tx);
      return row.version;
    }).catch((error: unknown) => {
      if (error === unchanged) return null;
      // Two saves at once: the second to append the same version number loses.
      throw isUniqueViolation(error) ? editorErrors.stale() : error;
    });
    if (version === null) return { message: QUESTION_EDITOR_MESSAGES.unchanged };
    return {
      message:
        source === 'edit'
          ? QUESTION_EDITOR_MESSAGES.saved(version)
          : QUESTION_EDITOR_MESSAGES.restored(restoredFrom!, version),
    };
  }

  return {
    editing,

    async save(
      editor: UserRow,
      questionId: string,
      snapshot: QuestionSnapshot,
      baseVersion: number,
    ) {
      const { message } = await write(editor, questionId, snapshot, 'edit', baseVersion);
      return { message, editing: await editing(questionId) };
    },

    async version(questionId: string, version: number): Promise<QuestionVersionDetail> {
      const row = await findVersion(db, questionId, version);
      if (!row) throw editorErrors.versionNotFound();
      const previous = version > 1 ? await findVersion(db, questionId, version - 1) : undefined;
      return {
        version: versionOf(row),
        snapshot: row.snapshot as QuestionSnapshot,
        previous: (previous?.snapshot as QuestionSnapshot | undefined) ?? null,
      };
    },

    async restore(editor: UserRow, questionId: string, version: number, baseVersion: number) {
      const row = await findVersion(db, questionId, version);
      if (!row) throw editorErrors.versionNotFound();
      const { message } = await write(
        editor,
        questionId,
        row.snapshot as QuestionSnapshot,
        'restore',
        baseVersion,
        version,
      );
      return { message, editing: await editing(questionId) };
    },
  };
}

export type QuestionEditorService = ReturnType<typeof createQuestionEditorService>;
