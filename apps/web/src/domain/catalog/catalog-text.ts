/** '1 questão', '12 questões'. */
export function questionCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'questão' : 'questões'}`;
}

interface ExamLabelParts {
  cargo: string;
  orgao: string;
  ano: string;
  instituicao: string;
}

/** The exam title everywhere: 'cargo — orgão, ano, banca'. */
export function examTitle({ cargo, orgao, ano, instituicao }: ExamLabelParts): string {
  return `${cargo} — ${orgao}, ${ano}, ${instituicao}`;
}
