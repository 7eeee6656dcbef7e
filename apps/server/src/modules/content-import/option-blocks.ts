import { childPath } from './problems';
import { Fields, isObject, typeName } from './json-fields';

/*
 * Format 2 `opcoes` (docs/content-format.md): named groups of questions sharing numbers, of which a
 * candidate takes one (e.g. the foreign language), beside the common `questoes`
 * (docs/product-rules.md, "Exam kinds and option blocks").
 */

/** What reading one `questoes` object gives: its valid questions and its numbers. */
export interface QuestionSet<Question> {
  questions: Question[];
  /** Every key of the object that is a question number, valid question or not. */
  numbers: number[];
}

export interface OptionBlock<Question> {
  key: string;
  name: string;
  set: QuestionSet<Question>;
}

/** Same rule as discipline codes, short enough for the choice request (at most 60 characters). */
const OPTION_KEY = /^[a-z][a-z0-9_]{0,59}$/;

const numberList = (numbers: number[]) => numbers.join(', ');

/**
 * Reads `opcoes`, each block with `readBlock` (its `disciplinas` and `questoes`, at the block's
 * path), and checks what holds between blocks: at least two, the same numbers in each, none of them
 * a common question's number. Absent, the exam has no blocks.
 */
export function readOptionBlocks<Question>(
  fields: Fields,
  common: QuestionSet<Question> | null,
  readBlock: (block: Fields, key: string) => QuestionSet<Question> | null,
): OptionBlock<Question>[] {
  const object = fields.object('opcoes', { optional: true });
  if (!object) return [];
  const at = fields.at;
  const path = fields.pathOf('opcoes');
  const blocks: OptionBlock<Question>[] = [];
  for (const [key, value] of Object.entries(object)) {
    const blockPath = childPath(path, key);
    if (!OPTION_KEY.test(key)) {
      at(
        blockPath,
        'chave de opção inválida: use letras minúsculas sem acento, números e _, começando por letra (por exemplo "ingles")',
      );
    }
    if (!isObject(value)) {
      at(
        blockPath,
        `deve ser um objeto { "nome", "disciplinas", "questoes" }, não ${typeName(value)}`,
      );
      continue;
    }
    const block = new Fields(value, blockPath, at);
    const name = block.text('nome');
    const set = readBlock(block, key);
    block.rejectUnknown();
    if (name !== undefined && set && OPTION_KEY.test(key)) blocks.push({ key, name, set });
  }

  const count = Object.keys(object).length;
  if (count < 2) {
    at(path, `precisa de pelo menos duas opções (tem ${count}): o candidato escolhe uma delas`);
  }
  const [first, ...others] = blocks;
  for (const block of others) {
    const questoes = childPath(childPath(path, block.key), 'questoes');
    const missing = first!.set.numbers.filter((number) => !block.set.numbers.includes(number));
    const extra = block.set.numbers.filter((number) => !first!.set.numbers.includes(number));
    if (missing.length > 0) {
      at(
        questoes,
        `${missing.length === 1 ? `falta a questão ${missing[0]}` : `faltam as questões ${numberList(missing)}`} da opção "${first!.key}": as opções têm os mesmos números de questão`,
      );
    }
    if (extra.length > 0) {
      at(
        questoes,
        `${extra.length === 1 ? `a questão ${extra[0]} não está` : `as questões ${numberList(extra)} não estão`} na opção "${first!.key}": as opções têm os mesmos números de questão`,
      );
    }
  }
  const commonNumbers = new Set(common?.numbers ?? []);
  for (const block of blocks) {
    for (const number of block.set.numbers.filter((each) => commonNumbers.has(each))) {
      at(
        childPath(childPath(childPath(path, block.key), 'questoes'), String(number)),
        `o número ${number} já é de uma questão comum ($.questoes.${number}): as questões de uma opção usam números que as comuns não usam`,
      );
    }
  }
  return blocks;
}

/** Where a question is in its exam file: `$.questoes.3`, or `$.opcoes.ingles.questoes.3`. */
export function questionPath(optionKey: string | null, number: number): string {
  const owner = optionKey === null ? '$' : childPath('$.opcoes', optionKey);
  return childPath(childPath(owner, 'questoes'), String(number));
}
