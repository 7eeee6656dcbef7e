/** The error-report dialog closes this long after a success (docs/product-rules.md, "Timers on screen"). */
export const REPORT_CLOSE_MS = 2_000;

export const REPORT_TITLE = 'Reportar erro na questão';
export const REPORT_BUTTON_LABEL = 'Reportar erro';
export const REPORT_TEXT_LABEL = 'Descreva o problema';
export const REPORT_SUBMIT_LABEL = 'Enviar relatório';
export const REPORT_SENDING_LABEL = 'Enviando...';
