import {
  COMMENTARY_SOURCE_KINDS,
  type CommentarySource,
  type CommentarySourceKind,
  type QuestionCommentary,
} from '@gabarita/shared';
import { checkText, describe, Fields, isObject, isWebAddress, typeName } from './json-fields';
import { type At, childPath } from './problems';
import { sanitizeStatementHtml } from './sanitize';

const MAX_SUMMARY_CHARACTERS = 600;
const REVIEW_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A reason that opens with the verdict ("O item está errado porque…", "Não está certo:",
 * "Incorreta.") repeats what the app already shows beside it instead of giving the reason.
 */
const OPENS_WITH_VERDICT =
  /^(?:<[^>]+>\s*)*(?:(?:o item|a afirmação|a assertiva|a alternativa|alternativa|item)\s+)?(?:não\s+)?(?:(?:está|é)\s+)?(?:certo|certa|errado|errada|correto|correta|incorreto|incorreta)(?![\p{L}\p{N}])/iu;

/**
 * A comment's (or a study note's) text: the statement's allow-listed HTML, without figures (it
 * explains the question's figures, it does not bring new ones).
 */
export function readCommentHtml(value: string, path: string, at: At): string | undefined {
  const sanitized = sanitizeStatementHtml(value, 2);
  if (sanitized.figures.length > 0 || sanitized.images > 0) {
    at(path, 'figuras e imagens não são aceitas no comentário');
    return undefined;
  }
  if (sanitized.html === '') {
    at(path, 'fica vazio depois de limpo o HTML');
    return undefined;
  }
  return sanitized.html;
}

/**
 * Format 2 `comentario`: a summary, a reason for every alternative of the question, the basis
 * (fundamento) and the authorship. Every problem is reported at its path; undefined when any.
 */
export interface ReadCommentary {
  commentary: QuestionCommentary;
  /** Written by a model and not yet reviewed (`rascunho: true`): imported only when accepted. */
  draft: boolean;
}

export function readCommentary(
  fields: Fields,
  letters: string | undefined,
  at: At,
): ReadCommentary | null | undefined {
  const object = fields.object('comentario', { optional: true });
  if (!object) return fields.has('comentario') ? undefined : null;
  const path = fields.pathOf('comentario');
  const comment = new Fields(object, path, at);

  const summaryText = comment.text('resumo');
  let summaryHtml: string | undefined;
  if (summaryText !== undefined) {
    summaryHtml = readCommentHtml(summaryText, comment.pathOf('resumo'), at);
    if (summaryHtml !== undefined && summaryText.length > MAX_SUMMARY_CHARACTERS) {
      at(
        comment.pathOf('resumo'),
        `o resumo tem ${summaryText.length} caracteres: use uma ou duas frases (até ${MAX_SUMMARY_CHARACTERS})`,
      );
      summaryHtml = undefined;
    }
  }
  const reasons = readReasons(comment, letters, at);
  const sources = readSources(comment, at);
  const author = readAuthor(comment, at);
  const draft = comment.boolean('rascunho');
  const generationOk = readGeneration(comment, draft === true, at);
  comment.rejectUnknown();

  if (summaryHtml === undefined || !reasons || !sources || !author) return undefined;
  if ((comment.has('rascunho') && draft === undefined) || !generationOk) return undefined;
  return { commentary: { summaryHtml, reasons, sources, author }, draft: draft === true };
}

/**
 * `geracao`: how a draft was written (model, prompt version, tokens, cost), for the editor who
 * reviews it. Only on a draft; checked, not stored (a reviewed comment is the team's).
 */
function readGeneration(comment: Fields, draft: boolean, at: At): boolean {
  const object = comment.object('geracao', { optional: true });
  if (!object) return !comment.has('geracao');
  const fields = new Fields(object, comment.pathOf('geracao'), at);
  let ok = true;
  if (!draft) {
    at(comment.pathOf('geracao'), 'só um comentário em rascunho traz "geracao"');
    ok = false;
  }
  if (fields.text('modelo') === undefined) ok = false;
  if (fields.text('versao_prompt') === undefined) ok = false;
  for (const name of ['tokens_entrada', 'tokens_saida', 'custo_usd']) {
    const value = fields.raw(name);
    if (value === undefined) {
      at(fields.pathOf(name), 'campo obrigatório ausente');
      ok = false;
    } else if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      at(
        fields.pathOf(name),
        `deve ser um número maior ou igual a zero (recebido: ${describe(value)})`,
      );
      ok = false;
    }
  }
  fields.rejectUnknown();
  return ok;
}

function readReasons(comment: Fields, letters: string | undefined, at: At) {
  const object = comment.object('alternativas');
  if (!object) return undefined;
  const path = comment.pathOf('alternativas');
  let ok = true;
  const reasons: QuestionCommentary['reasons'] = [];
  for (const [letter, value] of Object.entries(object)) {
    const letterPath = childPath(path, letter);
    if (letters !== undefined && !letters.includes(letter)) {
      at(
        letterPath,
        `a questão não tem a alternativa ${describe(letter)} (tem ${letters.split('').join(', ')})`,
      );
      ok = false;
      continue;
    }
    const text = checkText(value, letterPath, at);
    const html = text === undefined ? undefined : readCommentHtml(text, letterPath, at);
    if (html === undefined) ok = false;
    else if (OPENS_WITH_VERDICT.test(html)) {
      at(
        letterPath,
        `começa repetindo o veredito (${describe(opening(html))}): diga por que a alternativa está certa ou errada; o app já mostra o veredito ao lado`,
      );
      ok = false;
    } else reasons.push({ letter, html });
  }
  if (letters !== undefined) {
    const missing = letters.split('').filter((letter) => !Object.hasOwn(object, letter));
    if (missing.length > 0) {
      at(
        path,
        `o comentário deve explicar todas as alternativas: ${missing.length === 1 ? 'falta a' : 'faltam as'} ${missing.join(', ')}`,
      );
      ok = false;
    }
  }
  if (!ok || letters === undefined) return undefined;
  // In the question's order, whatever the file's.
  return reasons.sort((a, b) => letters.indexOf(a.letter) - letters.indexOf(b.letter));
}

/** The first words of a text, as a reader sees them. */
function opening(html: string): string {
  const text = html.replace(/<[^>]+>/g, '');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** An optional `fundamento` list of { tipo, referencia, url? }; [] when absent. */
export function readSources(parent: Fields, at: At): CommentarySource[] | undefined {
  const list = parent.array('fundamento', { optional: true });
  if (!list) return parent.has('fundamento') ? undefined : [];
  const path = parent.pathOf('fundamento');
  let ok = true;
  const sources: CommentarySource[] = [];
  list.forEach((item, index) => {
    const itemPath = childPath(path, index);
    if (!isObject(item)) {
      at(itemPath, `deve ser um objeto { "tipo", "referencia", "url"? }, não ${typeName(item)}`);
      ok = false;
      return;
    }
    const fields = new Fields(item, itemPath, at);
    const kind = fields.text('tipo');
    const knownKind =
      kind !== undefined && (COMMENTARY_SOURCE_KINDS as readonly string[]).includes(kind);
    if (kind !== undefined && !knownKind) {
      at(
        fields.pathOf('tipo'),
        `tipo inválido: ${describe(kind)} (use ${COMMENTARY_SOURCE_KINDS.join(', ')})`,
      );
    }
    const reference = fields.text('referencia');
    const url = fields.text('url', { optional: true });
    const validUrl = url === undefined || isWebAddress(url);
    if (!validUrl) {
      at(
        fields.pathOf('url'),
        `deve ser um endereço https:// ou http:// (recebido: ${describe(url)})`,
      );
    }
    fields.rejectUnknown();
    if (!knownKind || reference === undefined || !validUrl || (fields.has('url') && !url)) {
      ok = false;
      return;
    }
    sources.push({ kind: kind as CommentarySourceKind, reference, url: url ?? null });
  });
  return ok ? sources : undefined;
}

function readAuthor(comment: Fields, at: At): QuestionCommentary['author'] | undefined {
  const object = comment.object('autoria', { optional: true });
  if (!object) return comment.has('autoria') ? undefined : { name: null, reviewedOn: null };
  const fields = new Fields(object, comment.pathOf('autoria'), at);
  const name = fields.text('nome', { optional: true });
  const reviewedOn = fields.text('revisado_em', { optional: true });
  let ok = !(fields.has('nome') && name === undefined);
  if (fields.has('revisado_em') && reviewedOn === undefined) ok = false;
  if (reviewedOn !== undefined && !isCalendarDate(reviewedOn)) {
    at(
      fields.pathOf('revisado_em'),
      `deve ser uma data AAAA-MM-DD, como "2026-11-26" (recebido: ${describe(reviewedOn)})`,
    );
    ok = false;
  }
  fields.rejectUnknown();
  return ok ? { name: name ?? null, reviewedOn: reviewedOn ?? null } : undefined;
}

function isCalendarDate(value: string): boolean {
  if (!REVIEW_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
