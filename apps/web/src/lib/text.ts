/** Lower case without accents, so 'orgao' finds 'Órgão' and 'EDUCACAO' finds 'Educação'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .trim();
}
