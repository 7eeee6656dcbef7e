import { EXAM_KINDS, type ExamKind } from '@gabarita/shared';
import { describe, type Fields } from './json-fields';

/*
 * Format 2 `tipo` (docs/content-format.md): not every exam is a concurso. Cargo, órgão and nível
 * belong to concursos; other kinds may leave them out (docs/product-rules.md, "Exam kinds and
 * option blocks").
 */

const orList = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
const KINDS_LABEL = orList(EXAM_KINDS);
const OTHER_KINDS_LABEL = orList(EXAM_KINDS.filter((kind) => kind !== 'concurso'));

const isExamKind = (value: string): value is ExamKind =>
  (EXAM_KINDS as readonly string[]).includes(value);

/** The exam's kind: "concurso" when absent; null (reported) when not one of EXAM_KINDS. */
export function readExamKind(fields: Fields): ExamKind | null {
  if (!fields.has('tipo')) return 'concurso';
  const value = fields.raw('tipo');
  if (typeof value === 'string' && isExamKind(value.trim())) return value.trim() as ExamKind;
  fields.at(fields.pathOf('tipo'), `tipo inválido: ${describe(value)} (use ${KINDS_LABEL})`);
  return null;
}

/**
 * A field of concursos (`cargo_geral`, `cargo`, `orgão`, `nível`): required in a concurso, optional
 * (null when absent) in the other kinds. With an invalid kind its absence is not reported again.
 * Format 1 has no `tipo`, so its message does not suggest one.
 */
export function readConcursoField(
  fields: Fields,
  key: string,
  kind: ExamKind | null,
  version: 1 | 2,
): string | null | undefined {
  if (kind === 'concurso' && !fields.has(key)) {
    if (version === 1) return fields.text(key);
    fields.raw(key);
    fields.at(
      fields.pathOf(key),
      `campo obrigatório num concurso (uma prova de outro tipo declara "tipo": ${OTHER_KINDS_LABEL})`,
    );
    return undefined;
  }
  if (!fields.has(key)) return null;
  return fields.text(key);
}
