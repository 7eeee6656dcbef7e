import { hasLoneSurrogate } from '@gabarita/shared';
import { type At, childPath } from './problems';

/**
 * Reading untrusted JSON one field at a time: every wrong field is reported at its own path, in
 * Portuguese, and reading goes on, so independent problems all show up in one run.
 */

export type JsonObject = Record<string, unknown>;

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'uma lista';
  switch (typeof value) {
    case 'string':
      return 'um texto';
    case 'number':
      return 'um número';
    case 'boolean':
      return 'verdadeiro/falso';
    case 'object':
      return 'um objeto';
    default:
      return typeof value;
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// PostgreSQL refuses NUL in text; the other C0 and C1 controls (but tab and line breaks) never
// belong in an exam either: they come from broken encodings or pasted PDFs and are invisible.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const EXCERPT_SIDE = 20;

/**
 * A character no exam text may hold: a control character, or half of a surrogate pair alone (the
 * shared text rule; a JSON escape such as "\ud800" makes one, and PostgreSQL refuses it).
 */
const isForbidden = (character: string) =>
  CONTROL_CHARACTER.test(character) || hasLoneSurrogate(character);

const codePoint = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const kindOf = (character: string) =>
  hasLoneSurrogate(character)
    ? `o caractere incompleto ${codePoint(character)} (metade de um emoji ou símbolo cortado)`
    : `o caractere de controle ${codePoint(character)}`;

/**
 * The first forbidden character of `value` and where it is, for a message after "contém": `o
 * caractere de controle U+0082 em "…a prova de ⟨U+0082⟩ matemática…"`. Undefined when none.
 */
export function describeControlCharacter(value: string): string | undefined {
  // Every text of an import passes here: most have none, and two searches find that out.
  if (!CONTROL_CHARACTER.test(value) && !hasLoneSurrogate(value)) return undefined;
  // Code points: a pair stays one character, a lone half is one of its own.
  const characters = Array.from(value);
  const index = characters.findIndex(isForbidden);
  if (index === -1) return undefined;
  const start = Math.max(0, index - EXCERPT_SIDE);
  const end = Math.min(characters.length, index + 1 + EXCERPT_SIDE);
  const excerpt = characters
    .slice(start, end)
    .map((character) =>
      isForbidden(character)
        ? `⟨${codePoint(character)}⟩`
        : /[\t\n\r]/.test(character)
          ? ' '
          : character,
    )
    .join('');
  const others = characters.filter(isForbidden).length - 1;
  return (
    `${kindOf(characters[index]!)} em ` +
    `"${start > 0 ? '…' : ''}${excerpt}${end < characters.length ? '…' : ''}"` +
    (others > 0 ? ` (e mais ${others} no texto)` : '')
  );
}

/** An http:// or https:// address, as a source or a basis may link to. */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s<>"]+$/.test(value);
}

/** The fields of one JSON object, read with reports at `path`. */
export class Fields {
  private readonly seen = new Set<string>();

  constructor(
    readonly source: JsonObject,
    readonly path: string,
    readonly at: At,
  ) {}

  pathOf(key: string) {
    return childPath(this.path, key);
  }

  has(key: string) {
    return Object.hasOwn(this.source, key);
  }

  raw(key: string): unknown {
    this.seen.add(key);
    return this.source[key];
  }

  /** A non-empty text (trimmed); undefined, with a report, when missing or wrong. */
  text(key: string, options: { optional?: boolean; trim?: boolean } = {}): string | undefined {
    const value = this.raw(key);
    if (value === undefined) {
      if (!options.optional) this.at(this.pathOf(key), 'campo obrigatório ausente');
      return undefined;
    }
    return checkText(value, this.pathOf(key), this.at, options.trim ?? true);
  }

  /** A whole number written as text ("10", as format 1 does) or, in format 2, as a number. */
  count(key: string, allowNumber: boolean): number | undefined {
    const value = this.raw(key);
    if (value === undefined) {
      this.at(this.pathOf(key), 'campo obrigatório ausente');
      return undefined;
    }
    return checkCount(value, this.pathOf(key), this.at, allowNumber);
  }

  boolean(key: string): boolean | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') {
      this.at(this.pathOf(key), `deve ser true ou false, não ${typeName(value)}`);
      return undefined;
    }
    return value;
  }

  object(key: string, options: { optional?: boolean } = {}): JsonObject | undefined {
    const value = this.raw(key);
    if (value === undefined) {
      if (!options.optional) this.at(this.pathOf(key), 'campo obrigatório ausente');
      return undefined;
    }
    if (!isObject(value)) {
      this.at(this.pathOf(key), `deve ser um objeto, não ${typeName(value)}`);
      return undefined;
    }
    return value;
  }

  array(key: string, options: { optional?: boolean } = {}): unknown[] | undefined {
    const value = this.raw(key);
    if (value === undefined) {
      if (!options.optional) this.at(this.pathOf(key), 'campo obrigatório ausente');
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.at(this.pathOf(key), `deve ser uma lista, não ${typeName(value)}`);
      return undefined;
    }
    return value;
  }

  /** Reports every key that was not read and is not accepted by `allow`. */
  rejectUnknown(allow: (key: string) => boolean = () => false) {
    for (const key of Object.keys(this.source)) {
      if (!this.seen.has(key) && !allow(key)) {
        this.at(this.pathOf(key), `campo desconhecido: "${key}"`);
      }
    }
  }
}

export function checkText(value: unknown, path: string, at: At, trim = true): string | undefined {
  if (typeof value !== 'string') {
    at(path, `deve ser um texto, não ${typeName(value)}`);
    return undefined;
  }
  const text = trim ? value.trim() : value;
  if (text.trim() === '') {
    at(path, 'não pode ser vazio');
    return undefined;
  }
  const control = describeControlCharacter(text);
  if (control) {
    at(path, `contém ${control}`);
    return undefined;
  }
  return text;
}

export function checkCount(
  value: unknown,
  path: string,
  at: At,
  allowNumber: boolean,
): number | undefined {
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  if (allowNumber && typeof value === 'number' && Number.isInteger(value) && value >= 0)
    return value;
  at(
    path,
    allowNumber
      ? `deve ser um número inteiro, como 10 ou "10" (recebido: ${describe(value)})`
      : `deve ser um número inteiro em texto, como "10" (recebido: ${describe(value)})`,
  );
  return undefined;
}

/** A short rendering of a wrong value for a message. */
export function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return typeName(value);
}
