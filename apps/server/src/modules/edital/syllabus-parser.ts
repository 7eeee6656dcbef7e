/**
 * The syllabus parser of "Meu edital": the text of an edital's conteúdo programático, pasted or
 * taken from its PDF, becomes disciplines → topics → sub-topics, keeping the edital's own numbering
 * and wording. Pure: no I/O, so the same rules serve the preview and the save. The shapes it takes
 * and what it repairs are in docs/product-rules.md, "Plano de estudos".
 */
import { EDITAL_LIMITS, EDITAL_MESSAGES } from '@gabarita/shared';
import { createHeadingRules, type HeadingRules, isCaps } from './syllabus-headings';
import {
  cleanItemText,
  cleanSyllabusText,
  fold,
  splitOutsideParentheses,
  splitSentences,
  squash,
} from './syllabus-text';
import { createAccentRepair } from './syllabus-words';

export interface SyllabusTopic {
  /** The edital's number as written (`5.1`, `01`), or null for unnumbered items. */
  number: string | null;
  text: string;
  children: SyllabusTopic[];
}

export interface SyllabusDiscipline {
  name: string;
  topics: SyllabusTopic[];
}

export type SyllabusProblem = 'empty' | 'too-long' | 'no-items';

export type SyllabusParse =
  | { ok: true; disciplines: SyllabusDiscipline[]; topicCount: number }
  | { ok: false; problem: SyllabusProblem };

export interface SyllabusOptions {
  /** Discipline names the caller knows (the catalogue's): they head disciplines and repair words. */
  disciplineNames?: readonly string[];
  /** Other names (the catalogue's subjects): only for repairing words, never taken as headings. */
  knownNames?: readonly string[];
}

/** Counts every topic and sub-topic of a tree. */
export function countTopics(topics: readonly SyllabusTopic[]): number {
  return topics.reduce((sum, topic) => sum + 1 + countTopics(topic.children), 0);
}

export function parseSyllabus(input: string, options: SyllabusOptions = {}): SyllabusParse {
  if (input.length > EDITAL_LIMITS.textMaxChars) return { ok: false, problem: 'too-long' };
  if (input.trim().length === 0) return { ok: false, problem: 'empty' };
  const disciplineNames = options.disciplineNames ?? [];
  const rules = createHeadingRules(disciplineNames);
  const repair = createAccentRepair([...disciplineNames, ...(options.knownNames ?? [])]);
  const text = repair(cleanSyllabusText(input));
  const lines = splitInlineHeadings(mergeSplitHeadings(text.split('\n'), rules), rules);
  const disciplines = groupByHeading(lines, rules)
    .map((block) => ({ name: block.name, topics: parseBody(block.body, block.named) }))
    .filter((discipline) => discipline.topics.length > 0);
  if (disciplines.length === 0) return { ok: false, problem: 'no-items' };
  const topicCount = disciplines.reduce((sum, d) => sum + countTopics(d.topics), 0);
  return { ok: true, disciplines, topicCount };
}

/** `NOÇÕES DE DIREITO` + `ADMINISTRATIVO: 1 …` on the next line are one heading. */
function mergeSplitHeadings(lines: string[], rules: HeadingRules): string[] {
  const merged: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    while (i + 1 < lines.length && rules.continuesOnNextLine(line, lines[i + 1]!)) {
      line = `${line} ${lines[i + 1]!}`;
      i++;
    }
    merged.push(line);
  }
  return merged;
}

const LINE_LABEL = /^(\p{Lu}[^.;:\d\n]{1,100}?)\s*:\s*(.*)$/u;
const MID_LABEL = /([.;])\s+(\p{Lu}[^.;:\d\n]{1,100}?):(?=\s|$)/gu;

/** Whether the text after a label is a `a; b; c` list, not a numbered one. */
function isSemicolonList(rest: string): boolean {
  const sentence = rest.split(/\.\s/u)[0] ?? '';
  return sentence.includes(';') && !/^\d/.test(rest);
}

/**
 * Several disciplines run together on one line (`… 5.2 Relações. DIREITO ADMINISTRATIVO: 1 …`, or
 * `Língua Portuguesa: a; b. Matemática: c; d.`) become one line each.
 */
function splitInlineHeadings(lines: string[], rules: HeadingRules): string[] {
  const result: string[] = [];
  for (const line of lines) {
    const head = LINE_LABEL.exec(line);
    const labelList = head !== null && isSemicolonList(head[2]!);
    let start = 0;
    for (const match of line.matchAll(MID_LABEL)) {
      const label = match[2]!;
      const at = match.index + match[1]!.length;
      const after = line.slice(at + match[0].length - match[1]!.length);
      const heading =
        rules.isHeadingLabel(label, true) || (labelList && isSemicolonList(after.trim()));
      if (!heading) continue;
      result.push(line.slice(start, at).trim());
      start = at;
    }
    result.push(line.slice(start).trim());
  }
  return result;
}

interface Block {
  name: string;
  body: string[];
  /** The heading's items followed it on its line as a `a; b; c` list. */
  labelList: boolean;
  /** False for items before any heading. */
  named: boolean;
}

function cleanName(name: string): string {
  return squash(name).replace(/[\s:.–—-]+$/u, '');
}

function readHeading(
  line: string,
  current: Block | null,
  rules: HeadingRules,
  context: { startsParagraph: boolean; next: string },
): { name: string; rest: string; labelList: boolean } | null {
  const prefixed = /^(?:disciplina|mat[ée]ria)\s*[:–—-]\s*(.+)$/iu.exec(line);
  if (prefixed) {
    const inner = LINE_LABEL.exec(prefixed[1]!);
    if (inner)
      return { name: cleanName(inner[1]!), rest: inner[2]!, labelList: isSemicolonList(inner[2]!) };
    return { name: cleanName(prefixed[1]!), rest: '', labelList: false };
  }
  const labelled = LINE_LABEL.exec(line);
  if (labelled) {
    const [, label, rest] = labelled as unknown as [string, string, string];
    const list = isSemicolonList(rest);
    if (rules.isHeadingLabel(label, false) || (list && (current === null || current.labelList))) {
      return { name: cleanName(label), rest, labelList: list };
    }
  }
  // `LÍNGUA PORTUGUESA – Compreensão de textos; …`: a dash after a capitals name, when the items
  // after it are not in capitals too (`CONHECIMENTOS ESPECÍFICOS – CARGO 2` is one heading).
  const dashed = DASH_LABEL.exec(line);
  if (dashed && isCaps(dashed[1]!) && /\p{Ll}/u.test(dashed[2]!)) {
    const [, label, rest] = dashed as unknown as [string, string, string];
    if (rules.isHeadingLabel(label, false)) {
      return { name: cleanName(label), rest, labelList: isSemicolonList(rest) };
    }
  }
  if (rules.isHeadingLine(line, context))
    return { name: cleanName(line), rest: '', labelList: false };
  // A short line in any case right before an item numbered 1 names a new discipline: `Saúde
  // Pública` then `1. Princípios do SUS`, where numbering starts again.
  // Not right under a heading, where such a line introduces its items (`Comum a todos os cargos`).
  const underHeading = current?.named === true && !current.body.some((each) => each.length > 0);
  if (!underHeading && FIRST_ITEM.test(context.next) && isNameLine(line)) {
    return { name: cleanName(line), rest: '', labelList: false };
  }
  return null;
}

const FIRST_ITEM = /^0?1(?:(?:[.)]|\s*[-–—])?\s+\p{Lu}|[.)]?$)/u;

function isNameLine(line: string): boolean {
  const words = line.split(/\s+/).length;
  return (
    /^\p{Lu}/u.test(line) &&
    words <= 10 &&
    !/[.,;]$/.test(line) &&
    !/^[IVXL]+\s*[-–—.)]/u.test(line)
  );
}

const DASH_LABEL = /^(\p{Lu}[^.;:\d\n–—-]{1,100}?)\s+[-–—]\s+(.+)$/u;

function groupByHeading(lines: string[], rules: HeadingRules): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const [i, line] of lines.entries()) {
    if (line.length === 0) {
      current?.body.push('');
      continue;
    }
    const startsParagraph = i === 0 || lines[i - 1] === '' || current === null;
    const heading = readHeading(line, current, rules, {
      startsParagraph,
      next: lines[i + 1] ?? '',
    });
    if (heading) {
      current = {
        name: heading.name,
        body: heading.rest ? [heading.rest] : [],
        labelList: heading.labelList,
        named: true,
      };
      blocks.push(current);
      continue;
    }
    if (!current) {
      current = {
        name: EDITAL_MESSAGES.defaultDiscipline,
        body: [],
        labelList: false,
        named: false,
      };
      blocks.push(current);
    }
    current.body.push(line);
  }
  return blocks;
}

function parseBody(lines: string[], named: boolean): SyllabusTopic[] {
  const text = lines.join('\n').trim();
  if (!text) return [];
  const topics =
    parseNumbered(text) ??
    parseRoman(lines) ??
    (lines.some((line) => BULLET.test(line)) ? parseBullets(lines) : parseUnnumbered(lines, named));
  return prune(topics);
}

function prune(topics: SyllabusTopic[]): SyllabusTopic[] {
  return topics
    .map((topic) => ({ ...topic, children: prune(topic.children) }))
    .filter((topic) => /\p{L}/u.test(topic.text) || topic.children.length > 0);
}

// --- Numbered items: `1 Compreensão … 5 Domínio … 5.1 Emprego`, `1.`, `1)`, `01 -`, `1.3.1` ---

const MARKER =
  /(^|[\s;:])(\d{1,3}(?:\.\d{1,3}){0,4})(?:(?:\.(?!\d)|\))[ \t]*\n?[ \t]*|[ \t]*[-–—][ \t]+|\s+)(?=["“'(\p{Lu}])/gu;

interface Marker {
  number: string;
  parts: number[];
  /** Where the number starts and where its text starts. */
  at: number;
  textAt: number;
}

/**
 * Whether `next` can follow `previous` in an outline: the first child (`5` → `5.1`) or the next
 * sibling of it or of an ancestor (`5.2` → `5.3` or `6`). Numbers that break the sequence are part
 * of the text (`Lei nº 8.112`, `art. 37`, a year).
 */
function follows(previous: number[] | null, next: number[]): boolean {
  if (previous === null) return next.every((part) => part === 1);
  if (next.length === previous.length + 1 && next.at(-1) === 1) {
    return previous.every((part, i) => part === next[i]);
  }
  if (next.length > previous.length) return false;
  const k = next.length;
  for (let i = 0; i < k - 1; i++) if (previous[i] !== next[i]) return false;
  return next[k - 1] === previous[k - 1]! + 1;
}

function parseNumbered(text: string): SyllabusTopic[] | null {
  const markers: Marker[] = [];
  let previous: number[] | null = null;
  for (const match of text.matchAll(MARKER)) {
    const number = match[2]!;
    const parts = number.split('.').map(Number);
    if (!follows(previous, parts)) continue;
    previous = parts;
    const at = match.index + match[1]!.length;
    markers.push({ number, parts, at, textAt: match.index + match[0].length });
  }
  if (markers.length === 0) return null;
  const preamble = cleanItemText(text.slice(0, markers[0]!.at));
  if (markers.length === 1 && preamble.length > 0) return null;

  const root: SyllabusTopic[] = [];
  const stack: { depth: number; topic: SyllabusTopic }[] = [];
  if (preamble) root.push({ number: null, text: preamble, children: [] });
  markers.forEach((marker, i) => {
    const end = i + 1 < markers.length ? markers[i + 1]!.at : text.length;
    const topic: SyllabusTopic = {
      number: marker.number,
      text: cleanItemText(text.slice(marker.textAt, end)),
      children: [],
    };
    const depth = marker.parts.length;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    (stack.at(-1)?.topic.children ?? root).push(topic);
    stack.push({ depth, topic });
  });
  return root;
}

// --- Roman numerals at the start of lines: `I - …`, `II. …`, `III) …` ---

const ROMAN_LINE = /^([IVXL]{1,7})\s*[-–—.)]\s*(?=\S)/u;
const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };

function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const value = ROMAN_VALUES[numeral[i]!]!;
    const next = ROMAN_VALUES[numeral[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** Items that follow I, II, III… in order; a line without a numeral goes on the item above. */
function parseRoman(lines: string[]): SyllabusTopic[] | null {
  const items: { number: string | null; text: string }[] = [];
  let expected = 1;
  for (const line of lines) {
    if (!line) continue;
    const match = ROMAN_LINE.exec(line);
    if (match && romanValue(match[1]!) === expected) {
      items.push({ number: match[1]!, text: line.slice(match[0].length) });
      expected++;
    } else if (items.length > 0) {
      items[items.length - 1]!.text += ` ${line}`;
    } else {
      items.push({ number: null, text: line });
    }
  }
  if (expected <= 2) return null;
  return items.map((item) => ({
    number: item.number,
    text: cleanItemText(item.text),
    children: [],
  }));
}

// --- Bullets and dashes, one item per line ---

const BULLET = /^(?:[-–—•▪●◦*·▸►✓]|[a-z]\))\s*/u;

function parseBullets(lines: string[]): SyllabusTopic[] {
  const items: string[] = [];
  let open = false;
  for (const line of lines) {
    if (!line) {
      open = false;
      continue;
    }
    if (BULLET.test(line)) {
      items.push(line.replace(BULLET, ''));
      open = true;
    } else if (open && items.length > 0) {
      items[items.length - 1] += ` ${line}`;
    } else {
      items.push(line);
      open = true;
    }
  }
  return items.map((item) => leaf(item));
}

function leaf(text: string): SyllabusTopic {
  return { number: null, text: cleanItemText(text), children: [] };
}

// --- No numbers: semicolon lists, one item per line, run-on paragraphs split at '. ' ---

const CONNECTOR_END =
  /(?:(?:^|\s)(?:de|da|do|das|dos|e|em|a|o|as|os|ao|aos|à|às|na|no|nas|nos|com|para|por|sobre|entre)|[,(–—-])$/iu;

function paragraphs(lines: string[]): string[][] {
  const groups: string[][] = [[]];
  for (const line of lines) {
    if (line) groups.at(-1)!.push(line);
    else if (groups.at(-1)!.length > 0) groups.push([]);
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * Without a heading, a lone paragraph of sentences is prose (the edital's rules), not a list of
 * topics: only lists, lines or a heading make items of unnumbered text.
 */
function parseUnnumbered(lines: string[], named: boolean): SyllabusTopic[] {
  const topics: SyllabusTopic[] = [];
  for (const group of paragraphs(lines)) {
    if (group.some((line) => line.includes(';'))) {
      topics.push(...parseSemicolonList(group.join('\n')));
      continue;
    }
    if (!named && group.length === 1) continue;
    for (const line of joinWrappedLines(group)) {
      topics.push(...splitSentences(line).map((sentence) => leaf(sentence)));
    }
  }
  return topics;
}

/** A line that starts in lower case, or follows one ending in `de`, `,` or `-`, goes on the item before. */
function joinWrappedLines(group: string[]): string[] {
  const items: string[] = [];
  for (const line of group) {
    const last = items.at(-1);
    if (last !== undefined && (/^\p{Ll}/u.test(line) || CONNECTOR_END.test(last))) {
      items[items.length - 1] = `${last} ${line}`;
    } else {
      items.push(line);
    }
  }
  return items;
}

/**
 * `a; b; c.` lists, whose sentences may carry their own label: `Atos administrativos: conceito;
 * requisitos. Licitação: modalidades.` gives two topics with their sub-topics.
 */
/** Labels that name no topic (`Conteúdos: a; b`): their list is the discipline's own. */
const GENERIC_LABEL = /^(conteudos?( programaticos?)?|programa|topicos|assuntos|itens|temas)$/;

function parseSemicolonList(text: string): SyllabusTopic[] {
  const topics: SyllabusTopic[] = [];
  for (const sentence of splitSentences(text)) {
    const labelled = /^([^:;()]{2,80}):\s*(.+)$/su.exec(sentence);
    if (labelled && labelled[2]!.includes(';') && GENERIC_LABEL.test(fold(labelled[1]!).trim())) {
      topics.push(...splitOutsideParentheses(labelled[2]!, ';').map((part) => leaf(part)));
      continue;
    }
    if (labelled && labelled[2]!.includes(';')) {
      topics.push({
        number: null,
        text: cleanItemText(labelled[1]!),
        children: splitOutsideParentheses(labelled[2]!, ';').map((part) => leaf(part)),
      });
      continue;
    }
    topics.push(...splitOutsideParentheses(sentence, ';').map((part) => leaf(part)));
  }
  return topics;
}
