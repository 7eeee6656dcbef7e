import type { QuestionSnapshot } from '@gabarita/shared';
import { formatDay } from '@/lib/formatters';
import { GROUND_TYPES, letterOf } from './editor-draft';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many token pairs the comparison shows the whole old and new text instead. */
const MAX_DIFF_CELLS = 4_000_000;

/** Tags, runs of whitespace and words: the units of a comparison of HTML or plain text. */
function tokens(text: string): string[] {
  return text.match(/<[^>]*>|\s+|[^\s<]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word-level comparison (longest common subsequence of words, whitespace and tags): what stayed,
 * what was removed and what was added, in reading order.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const n = middleA.length;
  const m = middleB.length;
  if (n * m > MAX_DIFF_CELLS) {
    push(parts, 'removed', middleA.join(''));
    push(parts, 'added', middleB.join(''));
  } else {
    // lengths[i][j]: the longest common subsequence of middleA[i..] and middleB[j..].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        lengths[i * width + j] =
          middleA[i] === middleB[j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (middleA[i] === middleB[j]) {
        push(parts, 'same', middleA[i]!);
        i += 1;
        j += 1;
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
        push(parts, 'removed', middleA[i]!);
        i += 1;
      } else {
        push(parts, 'added', middleB[j]!);
        j += 1;
      }
    }
    push(parts, 'removed', middleA.slice(i).join(''));
    push(parts, 'added', middleB.slice(j).join(''));
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** One readable part of a snapshot, and which line of a version's changes it belongs to. */
export interface SnapshotField {
  key: string;
  label: string;
  value: string;
  group: string;
}

const SITUATIONS: Record<string, string> = { anulada: 'Anulada', desatualizada: 'Desatualizada' };
const GROUND_LABELS: Record<string, string> = Object.fromEntries(GROUND_TYPES);

/** The snapshot as labelled texts, in the form's order. */
export function snapshotFields(
  snapshot: QuestionSnapshot,
  disciplineName: (code: string) => string = (code) => code,
): SnapshotField[] {
  const fields: SnapshotField[] = [
    { key: 'questao', label: 'Enunciado', value: snapshot.questao, group: 'questao' },
  ];
  snapshot.Alternativas.forEach((alternative, index) => {
    const letter = letterOf(alternative, index);
    let value: string;
    if (typeof alternative === 'string') value = alternative;
    else if (alternative.imagem !== undefined) {
      value = `Imagem ${alternative.imagem}: ${alternative.descricao ?? ''}`;
    } else value = alternative.html ?? alternative.texto ?? '';
    fields.push({
      key: `alternativa-${letter}`,
      label: `Alternativa ${letter}`,
      value,
      group: `alternativa:${letter}`,
    });
  });
  fields.push(
    { key: 'gabarito', label: 'Gabarito', value: snapshot.gabarito, group: 'gabarito' },
    {
      key: 'disciplina',
      label: 'Disciplina',
      value: disciplineName(snapshot.disciplina),
      group: 'disciplina',
    },
    { key: 'assunto', label: 'Assunto', value: snapshot.assunto, group: 'assunto' },
    {
      key: 'situacao',
      label: 'Situação',
      value: SITUATIONS[snapshot.situacao ?? ''] ?? 'Regular',
      group: 'situacao',
    },
    { key: 'nota', label: 'Nota da situação', value: snapshot.nota ?? '', group: 'nota' },
    {
      key: 'img',
      label: 'Imagem da questão',
      value: snapshot.img ? `${snapshot.img[0]}: ${snapshot.img[1]}` : '',
      group: 'img',
    },
    {
      key: 'referencia',
      label: 'Textos de referência usados',
      value: (snapshot.referencia ?? []).join(', '),
      group: 'referencia',
    },
  );
  for (const [key, html] of Object.entries(snapshot.textos)) {
    fields.push({
      key: `texto-${key}`,
      label: `Texto de referência ${key}`,
      value: html,
      group: `texto:${key}`,
    });
  }
  const comment = snapshot.comentario;
  const commentField = (key: string, label: string, value: string) =>
    fields.push({ key: `comentario-${key}`, label, value, group: 'comentario' });
  commentField('resumo', 'Comentário: resumo', comment?.resumo ?? '');
  for (const [letter, reason] of Object.entries(comment?.alternativas ?? {})) {
    commentField(`alternativa-${letter}`, `Comentário: alternativa ${letter}`, reason);
  }
  commentField(
    'fundamento',
    'Comentário: fundamentos',
    (comment?.fundamento ?? [])
      .map(
        (ground) =>
          `${GROUND_LABELS[ground.tipo] ?? ground.tipo}: ${ground.referencia}${ground.url ? ` (${ground.url})` : ''}`,
      )
      .join('\n'),
  );
  const author = comment?.autoria;
  commentField(
    'autoria',
    'Comentário: autoria',
    [author?.nome, author?.revisado_em && `revisado em ${formatDay(author.revisado_em)}`]
      .filter(Boolean)
      .join(', '),
  );
  return fields;
}

/** The groups of fields a line of a version's changes is about (the server's wording). */
function groupsOf(change: string): (group: string) => boolean {
  const alternative = /^Alternativa ([A-Z]) /.exec(change);
  if (alternative) return (group) => group === `alternativa:${alternative[1]}`;
  if (/^Alternativas:/.test(change)) return (group) => group.startsWith('alternativa:');
  const text = /^Texto de referência (\S+) /.exec(change);
  if (text) return (group) => group === `texto:${text[1]}`;
  const prefixes: [RegExp, string][] = [
    [/^Enunciado/, 'questao'],
    [/^Gabarito/, 'gabarito'],
    [/^Disciplina/, 'disciplina'],
    [/^Assunto/, 'assunto'],
    [/^Situação/, 'situacao'],
    [/^Nota/, 'nota'],
    [/^Imagem da questão/, 'img'],
    [/^Textos de referência usados/, 'referencia'],
    [/^Comentário/, 'comentario'],
  ];
  const found = prefixes.find(([pattern]) => pattern.test(change));
  return found ? (group) => group === found[1] : () => false;
}

export interface ChangedField {
  key: string;
  label: string;
  before: string;
  after: string;
}

export interface ComparisonSection {
  /** A line of the version's changes, or 'Outras diferenças'. */
  heading: string;
  fields: ChangedField[];
}

/**
 * The fields that differ between two snapshots, under the version's lines of changes; differences
 * no line names come last, under 'Outras diferenças'.
 */
export function compareSnapshots(
  previous: QuestionSnapshot,
  current: QuestionSnapshot,
  changes: readonly string[],
  disciplineName?: (code: string) => string,
): ComparisonSection[] {
  const before = new Map(
    snapshotFields(previous, disciplineName).map((field) => [field.key, field]),
  );
  const after = snapshotFields(current, disciplineName);
  const afterKeys = new Set(after.map((field) => field.key));
  // Fields only the previous version had (a text no longer used) count as changed too.
  const all = [...after, ...[...before.values()].filter((field) => !afterKeys.has(field.key))];
  const changed = all
    .map((field) => ({
      key: field.key,
      label: field.label,
      group: field.group,
      before: before.get(field.key)?.value ?? '',
      after: afterKeys.has(field.key) ? field.value : '',
    }))
    .filter((field) => field.before !== field.after);

  const claimed = new Set<string>();
  const sections: ComparisonSection[] = changes.map((change) => {
    const belongs = groupsOf(change);
    const fields = changed.filter((field) => belongs(field.group));
    for (const field of fields) claimed.add(field.key);
    return { heading: change, fields: fields.map(({ group: _group, ...field }) => field) };
  });
  const others = changed.filter((field) => !claimed.has(field.key));
  if (others.length > 0) {
    sections.push({
      heading: 'Outras diferenças',
      fields: others.map(({ group: _group, ...field }) => field),
    });
  }
  return sections;
}
