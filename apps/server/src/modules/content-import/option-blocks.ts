import { countLabel, plural } from '@gabarita/shared';
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
 * path), and checks what holds between blocks: at least two, none of their numbers a common
 * question's number; a number some blocks lack is a warning (`warn`). Absent, the exam has no
 * blocks.
 */
export function readOptionBlocks<Question>(
  fields: Fields,
  common: QuestionSet<Question> | null,
  warn: (path: string, message: string) => void,
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
  // A number one block has and another lacks is imported as it is (the source lost that item):
  // said in the summary, never dropped (docs/product-rules.md, "Exam kinds and option blocks").
  const every = [...new Set(blocks.flatMap((block) => block.set.numbers))].sort((a, b) => a - b);
  for (const block of blocks) {
    const missing = every.filter((number) => !block.set.numbers.includes(number));
    if (missing.length === 0) continue;
    const others = blocks.filter(
      (other) => other !== block && missing.some((number) => other.set.numbers.includes(number)),
    );
    warn(
      childPath(childPath(path, block.key), 'questoes'),
      `a opção "${block.key}" não tem ${plural(missing.length, 'a questão', 'as questões')} ${numberList(missing)}, que ${plural(others.length, 'a opção', 'as opções')} ${others.map((other) => `"${other.key}"`).join(', ')} ${plural(others.length, 'tem', 'têm')}: a prova é importada assim, e os candidatos de "${block.key}" fazem ${countLabel(missing.length, 'questão', 'questões')} a menos`,
    );
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
