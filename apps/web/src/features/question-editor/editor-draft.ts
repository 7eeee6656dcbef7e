import type { QuestionSnapshot } from '@gabarita/shared';

/*
 * The question as the form edits it, and back to the snapshot the server checks. Anything the form
 * does not edit (the key, the annulment, the image's name, unknown keys of an alternative) goes back
 * exactly as it came.
 */

type SnapshotAlternative = QuestionSnapshot['Alternativas'][number];
type AlternativeObject = Exclude<SnapshotAlternative, string>;
type CommentSnapshot = NonNullable<QuestionSnapshot['comentario']>;

export type AlternativeDraft =
  /** 'A) text': every character after the prefix is the text. */
  | { kind: 'plain'; letter: string; prefix: string; text: string }
  | { kind: 'text'; letter: string; text: string }
  | { kind: 'html'; letter: string; html: string }
  | { kind: 'image'; letter: string; image: string; description: string };

export interface GroundDraft {
  /** Only for React's keys: grounds are added and removed in place. */
  id: number;
  tipo: string;
  referencia: string;
  url: string;
}

export interface CommentDraft {
  resumo: string;
  /** One reason per key of `alternativas`, the question's letters first. */
  reasons: { key: string; text: string }[];
  grounds: GroundDraft[];
  author: string;
  /** AAAA-MM-DD, or ''. */
  reviewedOn: string;
}

export interface QuestionDraft {
  statement: string;
  alternatives: AlternativeDraft[];
  discipline: string;
  subject: string;
  /** 'desatualizada' (an annulled question keeps its state: it changes through the key). */
  outdated: boolean;
  note: string;
  /** The description of the image after the statement (`img`), when it has one. */
  imageDescription: string | null;
  /** Keys of the exam's reference texts the question uses, in order. */
  references: string[];
  /** The HTML of each reference text, as edited (kept for texts unchecked and checked again). */
  texts: Record<string, string>;
  comment: CommentDraft | null;
}

export const GROUND_TYPES = [
  ['lei', 'Lei'],
  ['sumula', 'Súmula'],
  ['jurisprudencia', 'Jurisprudência'],
  ['doutrina', 'Doutrina'],
  ['outro', 'Outro'],
] as const;

const PLAIN_PREFIX = /^([A-Za-z])\)\s?/;

let nextGroundId = 1;
export const newGroundId = () => nextGroundId++;

export function isAnnulled(snapshot: QuestionSnapshot): boolean {
  return snapshot.situacao === 'anulada';
}

function alternativeDraft(alternative: SnapshotAlternative, index: number): AlternativeDraft {
  const fallbackLetter = String.fromCharCode(65 + index);
  if (typeof alternative === 'string') {
    const match = PLAIN_PREFIX.exec(alternative);
    return match
      ? {
          kind: 'plain',
          letter: match[1]!.toUpperCase(),
          prefix: match[0],
          text: alternative.slice(match[0].length),
        }
      : { kind: 'plain', letter: fallbackLetter, prefix: '', text: alternative };
  }
  const letter = alternative.letra || fallbackLetter;
  if (alternative.imagem !== undefined) {
    return {
      kind: 'image',
      letter,
      image: alternative.imagem,
      description: alternative.descricao ?? '',
    };
  }
  if (alternative.html !== undefined) return { kind: 'html', letter, html: alternative.html };
  return { kind: 'text', letter, text: alternative.texto ?? '' };
}

export function letterOf(alternative: SnapshotAlternative, index: number): string {
  return alternativeDraft(alternative, index).letter;
}

function commentDraft(comment: CommentSnapshot, letters: string[]): CommentDraft {
  const keys = [
    ...letters,
    ...Object.keys(comment.alternativas).filter((key) => !letters.includes(key)),
  ];
  return {
    resumo: comment.resumo,
    reasons: keys.map((key) => ({ key, text: comment.alternativas[key] ?? '' })),
    grounds: (comment.fundamento ?? []).map((ground) => ({
      id: newGroundId(),
      tipo: ground.tipo,
      referencia: ground.referencia,
      url: ground.url ?? '',
    })),
    author: comment.autoria?.nome ?? '',
    reviewedOn: comment.autoria?.revisado_em ?? '',
  };
}

/** A new comment: a reason for each letter of the question. */
export function emptyComment(letters: string[]): CommentDraft {
  return {
    resumo: '',
    reasons: letters.map((key) => ({ key, text: '' })),
    grounds: [],
    author: '',
    reviewedOn: '',
  };
}

export function draftOf(snapshot: QuestionSnapshot): QuestionDraft {
  const alternatives = snapshot.Alternativas.map(alternativeDraft);
  return {
    statement: snapshot.questao,
    alternatives,
    discipline: snapshot.disciplina,
    subject: snapshot.assunto,
    outdated: snapshot.situacao === 'desatualizada',
    note: snapshot.nota ?? '',
    imageDescription: snapshot.img ? snapshot.img[1] : null,
    references: [...(snapshot.referencia ?? [])],
    texts: { ...snapshot.textos },
    comment: snapshot.comentario
      ? commentDraft(
          snapshot.comentario,
          alternatives.map((alternative) => alternative.letter),
        )
      : null,
  };
}

function alternativeOf(
  draft: AlternativeDraft,
  original: SnapshotAlternative,
): SnapshotAlternative {
  const base: AlternativeObject = typeof original === 'string' ? { letra: draft.letter } : original;
  switch (draft.kind) {
    case 'plain':
      return `${draft.prefix}${draft.text}`;
    case 'text':
      return { ...base, texto: draft.text };
    case 'html':
      return { ...base, html: draft.html };
    case 'image':
      return { ...base, descricao: draft.description };
  }
}

function commentOf(draft: CommentDraft, original: CommentSnapshot | undefined): CommentSnapshot {
  const alternativas: Record<string, string> = {};
  // A reason left empty is left out: the server then names the letter that lacks one.
  for (const { key, text } of draft.reasons) if (text.trim() !== '') alternativas[key] = text;
  const comment: CommentSnapshot = { resumo: draft.resumo, alternativas };
  if (draft.grounds.length > 0) {
    comment.fundamento = draft.grounds.map(({ tipo, referencia, url }) =>
      url.trim() ? { tipo, referencia, url: url.trim() } : { tipo, referencia },
    );
  } else if (original?.fundamento?.length === 0) {
    comment.fundamento = [];
  }
  if (draft.author.trim() || draft.reviewedOn) {
    comment.autoria = {
      ...(draft.author.trim() ? { nome: draft.author.trim() } : {}),
      ...(draft.reviewedOn ? { revisado_em: draft.reviewedOn } : {}),
    };
  }
  return comment;
}

/** The snapshot to save: the original with the form's changes. */
export function snapshotOf(original: QuestionSnapshot, draft: QuestionDraft): QuestionSnapshot {
  const {
    situacao: _situacao,
    nota: _nota,
    referencia: _referencia,
    comentario: _comentario,
    img,
    ...rest
  } = original;
  const snapshot: QuestionSnapshot = {
    ...rest,
    questao: draft.statement,
    Alternativas: draft.alternatives.map((alternative, index) =>
      alternativeOf(alternative, original.Alternativas[index]!),
    ),
    disciplina: draft.discipline,
    assunto: draft.subject,
    textos: Object.fromEntries(draft.references.map((key) => [key, draft.texts[key] ?? ''])),
  };
  if (isAnnulled(original)) snapshot.situacao = 'anulada';
  else if (draft.outdated) snapshot.situacao = 'desatualizada';
  // A note belongs to a state; a regular question keeps one only if it came with it.
  const keepsNote =
    snapshot.situacao !== undefined ||
    (original.situacao === undefined && original.nota !== undefined);
  if (keepsNote && draft.note.trim()) snapshot.nota = draft.note;
  if (draft.references.length > 0) snapshot.referencia = draft.references;
  else if (original.referencia?.length === 0) snapshot.referencia = [];
  if (img) snapshot.img = [img[0], draft.imageDescription ?? img[1]];
  if (draft.comment) snapshot.comentario = commentOf(draft.comment, original.comentario);
  return snapshot;
}

/* ---------- Where the server's problems go ---------- */

/** The keys of the form's fields, as the server names the question's paths. */
export function fieldKeys(draft: QuestionDraft): string[] {
  const keys = [
    'questao',
    'gabarito',
    'disciplina',
    'assunto',
    'situacao',
    'nota',
    'Alternativas',
    ...draft.alternatives.map((_, index) => `Alternativas[${index}]`),
    'referencia',
    ...draft.references.map((key) => `textos.${key}`),
  ];
  if (draft.imageDescription !== null) keys.push('img');
  const comment = draft.comment;
  if (comment) {
    keys.push(
      'comentario',
      'comentario.resumo',
      'comentario.alternativas',
      ...comment.reasons.map(({ key }) => `comentario.alternativas.${key}`),
      'comentario.fundamento',
      ...comment.grounds.flatMap((_, index) =>
        ['tipo', 'referencia', 'url'].map((field) => `comentario.fundamento[${index}].${field}`),
      ),
      ...comment.grounds.map((_, index) => `comentario.fundamento[${index}]`),
      'comentario.autoria',
      'comentario.autoria.nome',
      'comentario.autoria.revisado_em',
    );
  }
  return keys;
}

export interface PlacedErrors {
  /** The messages shown beside each field, by its key. */
  byField: Record<string, string>;
  /** Problems at paths the form has no field for: shown with the summary. */
  unplaced: [string, string][];
}

/**
 * Each problem goes to the field whose key is the longest prefix of its path ('Alternativas[2]'
 * for 'Alternativas[2].descricao'); several problems at one field are shown together.
 */
export function placeErrors(
  fields: Readonly<Record<string, string>>,
  keys: readonly string[],
): PlacedErrors {
  const byField: Record<string, string> = {};
  const unplaced: [string, string][] = [];
  for (const [path, message] of Object.entries(fields)) {
    const key = keys
      .filter(
        (candidate) =>
          path === candidate ||
          path.startsWith(`${candidate}.`) ||
          path.startsWith(`${candidate}[`),
      )
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) unplaced.push([path, message]);
    else byField[key] = byField[key] ? `${byField[key]} ${message}` : message;
  }
  return { byField, unplaced };
}

/** The control a field's key names (links from the problem summary point to it). */
export function fieldId(key: string): string {
  return `campo-${key.replace(/[^A-Za-z0-9_]+/g, '-').replace(/-+$/, '')}`;
}

/** The field's name as the form labels it, for the problem summary. */
export function fieldLabel(key: string, draft: QuestionDraft): string {
  const alternative = /^Alternativas\[(\d+)\]$/.exec(key);
  if (alternative) {
    return `Alternativa ${draft.alternatives[Number(alternative[1])]?.letter ?? ''}`.trim();
  }
  const text = /^textos\.(.+)$/.exec(key);
  if (text) return `Texto de referência ${text[1]}`;
  const reason = /^comentario\.alternativas\.(.+)$/.exec(key);
  if (reason) return `Comentário da alternativa ${reason[1]}`;
  const ground = /^comentario\.fundamento\[(\d+)\](?:\.(\w+))?$/.exec(key);
  if (ground) {
    const part = { tipo: ': tipo', referencia: ': referência', url: ': endereço' }[ground[2] ?? ''];
    return `Fundamento ${Number(ground[1]) + 1}${part ?? ''}`;
  }
  const labels: Record<string, string> = {
    questao: 'Enunciado',
    gabarito: 'Gabarito',
    disciplina: 'Disciplina',
    assunto: 'Assunto',
    situacao: 'Situação',
    nota: 'Nota da situação',
    Alternativas: 'Alternativas',
    referencia: 'Textos de referência usados',
    img: 'Descrição da imagem da questão',
    comentario: 'Comentário',
    'comentario.resumo': 'Resumo do comentário',
    'comentario.alternativas': 'Comentário por alternativa',
    'comentario.fundamento': 'Fundamentos',
    'comentario.autoria': 'Autoria',
    'comentario.autoria.nome': 'Autoria: nome',
    'comentario.autoria.revisado_em': 'Autoria: revisado em',
  };
  return labels[key] ?? key;
}
