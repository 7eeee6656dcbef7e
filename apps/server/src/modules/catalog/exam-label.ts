import { EXAM_KIND_LABELS, type ExamKind } from '@gabarita/shared';

/** What the labels read of an exam; cargo and órgão are null outside concursos. */
interface LabelParts {
  kind: ExamKind;
  cargo: string | null;
  orgao: string | null;
  instituicao: string;
  ano: string;
}

/** What names the exam: its post in a concurso, its kind otherwise ('ENEM', 'Vestibular'). */
export function examName(exam: Pick<LabelParts, 'kind' | 'cargo'>): string {
  return exam.cargo ?? EXAM_KIND_LABELS[exam.kind];
}

/** The exam in lists of questions: 'Professor — Prefeitura de X (2019)', 'ENEM — INEP (2023)'. */
export function examListLabel(exam: LabelParts): string {
  return `${examName(exam)} — ${exam.orgao ?? exam.instituicao} (${exam.ano})`;
}

/** The exam with its board: 'Professor · FGV · 2019', 'ENEM · INEP · 2023'. */
export function examBoardLabel(exam: Omit<LabelParts, 'orgao'>): string {
  return `${examName(exam)} · ${exam.instituicao} · ${exam.ano}`;
}
