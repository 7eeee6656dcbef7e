/**
 * How the syllabus parser tells a discipline's heading from a topic: capitals (`LÍNGUA
 * PORTUGUESA:`), a known discipline name (`Direito Administrativo`), or a `Label: a; b; c.` block.
 * Pure functions, no I/O.
 */
import { fold } from './syllabus-text';

/** Disciplines editais name most, folded; a heading matches one when it starts with it. */
const KNOWN_DISCIPLINES = [
  'lingua portuguesa',
  'portugues',
  'lingua inglesa',
  'ingles',
  'lingua espanhola',
  'espanhol',
  'matematica',
  'raciocinio logico',
  'raciocinio analitico',
  'raciocinio matematico',
  'informatica',
  'tecnologia da informacao',
  'direito ',
  'direitos humanos',
  'legislacao',
  'etica',
  'atualidades',
  'conhecimentos gerais',
  'conhecimentos especificos',
  'conhecimentos basicos',
  'conhecimentos regionais',
  'conhecimentos sobre',
  'realidade',
  'historia',
  'geografia',
  'administracao',
  'gestao',
  'contabilidade',
  'auditoria',
  'arquivologia',
  'estatistica',
  'economia',
  'financas',
  'orcamento',
  'afo',
  'redacao',
  'fisica',
  'quimica',
  'biologia',
  'pedagogia',
  'didatica',
  'psicologia',
  'sociologia',
  'filosofia',
  'saude publica',
  'sistema unico de saude',
  'politicas publicas',
  'seguranca publica',
  'criminologia',
  'medicina legal',
  'contabilidade publica',
  'comunicacao',
  'marketing',
  'engenharia',
  'enfermagem',
  'educacao',
];

const GROUP_TITLE =
  /^(conhecimentos|anexo|conteudos?|cargo|cargos|parte|modulo|bloco|eixo|nivel|prova|area|especialidade)\b/;

const CONNECTORS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'em',
  'a',
  'ao',
  'na',
  'no',
  'para',
  'com',
  'sobre',
]);

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
}

/** Upper case only, with enough letters to be a name rather than an acronym (`LGPD`, `SUS`). */
export function isCaps(text: string): boolean {
  return !/\p{Ll}/u.test(text) && /\p{Lu}\p{Lu}/u.test(text);
}

export function createHeadingRules(extraNames: readonly string[]) {
  const known = [...KNOWN_DISCIPLINES, ...extraNames.map((name) => fold(name).trim())].filter(
    (name) => name.length >= 3,
  );

  function isKnownDiscipline(label: string): boolean {
    if (words(label).length > 8) return false;
    const folded = fold(label)
      .replace(
        /^(nocoes|conhecimentos|topicos|fundamentos) (basicas? |gerais )?(de|do|da|dos|das|em|sobre) /,
        '',
      )
      .trim();
    return known.some((name) => folded === name.trim() || folded.startsWith(name));
  }

  /**
   * A label before ':' that heads a discipline. Capitals need two words or six letters (an acronym
   * such as `SIAFI:` is a topic) unless the name is known; mid-line (after '. ') a single capital
   * word must be a known name.
   */
  function isHeadingLabel(label: string, midLine: boolean): boolean {
    if (letters(label) < 3 || /\d/.test(label)) return false;
    if (isKnownDiscipline(label)) return true;
    if (!isCaps(label)) return false;
    const count = words(label).length;
    if (count >= 2) return letters(label) >= 6;
    return !midLine && letters(label) >= 6;
  }

  /**
   * A whole line that is a heading without items after it: `LÍNGUA PORTUGUESA`, or a known name in
   * mixed case (`Matemática`) when it starts the text or a paragraph, or numbered items follow it;
   * elsewhere `Economia colonial` is a topic of the discipline above.
   */
  function isHeadingLine(
    line: string,
    context: { startsParagraph: boolean; next: string },
  ): boolean {
    const text = line.replace(/[:\s.–—-]+$/u, '');
    if (text.length > 120 || /^[\d•▪●◦*·–—-]/u.test(text) || /[;]/.test(text)) return false;
    if (isCaps(text)) return letters(text) >= 6 || isKnownDiscipline(text);
    // Mixed case: a known name standing alone, not a sentence (`Direito de greve.` is a topic).
    if (!context.startsParagraph && !/^(\d|[-–—•▪●◦*·]|[a-z]\))/u.test(context.next)) return false;
    return !/[.,]$/.test(line.trim()) && words(text).length <= 6 && isKnownDiscipline(text);
  }

  /** Whether a capitals line without a colon goes on in the next (`NOÇÕES DE DIREITO` / `ADMINISTRATIVO:`). */
  function continuesOnNextLine(line: string, next: string): boolean {
    if (!isCaps(line) || /[:.;]$/.test(line) || /^[\d•▪●◦*·–—-]/u.test(line)) return false;
    if (GROUP_TITLE.test(fold(line))) return false;
    const head = /^([^:;.\d]+?)(:|$)/u.exec(next);
    if (!head || !isCaps(head[1]!)) return false;
    const lineWords = words(line);
    if (CONNECTORS.has(fold(lineWords.at(-1) ?? ''))) return true;
    if (lineWords.length === 1) return true;
    return words(head[1]!).length === 1 && head[2] === ':';
  }

  return { isKnownDiscipline, isHeadingLabel, isHeadingLine, continuesOnNextLine };
}

export type HeadingRules = ReturnType<typeof createHeadingRules>;
