/**
 * Texts of "Meu edital": taking an edital's syllabus (pasted or from its PDF) and keeping it.
 * The limits are in EDITAL_LIMITS so the page can say them before the upload.
 */
export const EDITAL_LIMITS = {
  /** Characters of syllabus text the parser takes (about 300 KB; a whole edital is rarely 200 KB). */
  textMaxChars: 300_000,
  /** Bytes of an uploaded PDF. */
  pdfMaxBytes: 10 * 1024 * 1024,
  /** Pages of an uploaded PDF. */
  pdfMaxPages: 60,
  /** Editais a student may keep. */
  perStudent: 20,
  nameMaxChars: 120,
} as const;

export const EDITAL_MESSAGES = {
  defaultDiscipline: 'Conteúdo programático',
  textEmpty: 'Cole o conteúdo programático do edital.',
  textTooLong:
    'O texto é grande demais (mais de 300 mil caracteres). Cole só o conteúdo programático do edital.',
  noItems:
    'Não encontramos itens de conteúdo programático neste texto. Confira se colou a parte certa do edital: as disciplinas seguidas dos seus tópicos.',
  pdfTooLarge: 'O PDF passa de 10 MB. Envie só o edital, sem anexos digitalizados.',
  pdfTooManyPages:
    'O PDF tem mais de 60 páginas. Envie só as páginas do conteúdo programático ou cole o texto.',
  pdfImageOnly:
    'Este PDF não tem texto (parece ser imagem digitalizada). Copie o conteúdo programático do site da banca e cole o texto.',
  pdfUnreadable: 'Não foi possível ler este PDF. Confira o arquivo ou cole o texto do edital.',
  pdfTimeout:
    'O PDF demorou demais para ser lido. Envie só as páginas do conteúdo programático ou cole o texto.',
  pdfMissing: 'Envie o PDF do edital.',
  pdfUploadIncomplete: 'O envio do PDF não chegou inteiro. Tente de novo.',
  notFound: 'Edital não encontrado.',
  nameRequired: 'Dê um nome ao edital.',
  invalidExamDate: 'Informe a data da prova como dia, mês e ano.',
  tooMany: 'Você já guardou 20 editais. Apague um para guardar outro.',
} as const;
