import { plural, type AnswerKeyLine, type AnswerKeyPreview, countLabel } from '@gabarita/shared';

/** A key as the table shows it: the letter, 'Anulada', or a dash for an unknown question. */
export function keyLabel(key: string | null): string {
  if (key === null) return '—';
  return key === 'anulada' ? 'Anulada' : key;
}

export interface AnswerKeyTotals {
  answers: number;
  becomeRight: number;
  becomeWrong: number;
  voided: number;
  simulados: number;
}

export function totalsOf(lines: readonly AnswerKeyLine[]): AnswerKeyTotals {
  const totals = { answers: 0, becomeRight: 0, becomeWrong: 0, voided: 0, simulados: 0 };
  for (const line of lines) {
    totals.answers += line.answers;
    totals.becomeRight += line.becomeRight;
    totals.becomeWrong += line.becomeWrong;
    totals.voided += line.voided;
    totals.simulados += line.simulados;
  }
  return totals;
}

/** 'fica certa' / 'ficam certas' / 'ficou certa' / 'ficaram certas'. */
function verb(count: number, done: boolean, forms: [string, string, string, string]): string {
  const [one, many, oneDone, manyDone] = forms;
  return done ? plural(count, oneDone, manyDone) : plural(count, one, many);
}

/** What applying does, in one paragraph: before (the confirmation) or after (the result). */
export function effectText(preview: AnswerKeyPreview, when: 'before' | 'after'): string {
  const totals = totalsOf(preview.lines);
  const done = when === 'after';
  const n = (count: number) => count.toLocaleString('pt-BR');
  const questions = preview.lines.length;
  return (
    `${countLabel(questions, 'questão', 'questões')} ${verb(questions, done, ['muda', 'mudam', 'mudou', 'mudaram'])} de gabarito; ` +
    `${countLabel(totals.becomeRight, 'resposta', 'respostas')} ${verb(totals.becomeRight, done, ['fica certa', 'ficam certas', 'ficou certa', 'ficaram certas'])}, ` +
    `${n(totals.becomeWrong)} ${verb(totals.becomeWrong, done, ['fica errada', 'ficam erradas', 'ficou errada', 'ficaram erradas'])} e ` +
    `${n(totals.voided)} ${verb(totals.voided, done, ['deixa de contar', 'deixam de contar', 'deixou de contar', 'deixaram de contar'])}; ` +
    `${countLabel(totals.simulados, 'simulado', 'simulados')} ${verb(totals.simulados, done, ['tem o resultado recalculado', 'têm o resultado recalculado', 'teve o resultado recalculado', 'tiveram o resultado recalculado'])} e ` +
    `${countLabel(preview.notices, 'estudante', 'estudantes')} ${verb(preview.notices, done, ['recebe', 'recebem', 'recebeu', 'receberam'])} um aviso.`
  );
}
