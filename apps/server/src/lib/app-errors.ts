import {
  AI_ERROR_CODES,
  AI_MESSAGES,
  AUTH_MESSAGES,
  CATALOG_MESSAGES,
  PAYMENT_MESSAGES,
  SIMULADO_IN_PROGRESS_CODE,
  SIMULADO_MESSAGES,
  STUDY_TOOLS_MESSAGES,
  ANSWER_KEY_MESSAGES,
  CONTENT_UPLOAD_MESSAGES,
  IMAGE_REPLACE_MESSAGES,
  QUESTION_EDITOR_MESSAGES,
  REPORT_TRIAGE_MESSAGES,
  HELP_INBOX_MESSAGES,
  MAIL_MESSAGES,
  ACCOUNTS_CONSOLE_MESSAGES,
  SUPPORT_MESSAGES,
  PRIVACY_MESSAGES,
  REVIEW_MESSAGES,
  NOTEBOOK_EXPORT_MESSAGES,
  EDITAL_MESSAGES,
} from '@gabarita/shared';
import { AppError } from './errors';

/*
 * Every error a service throws, one factory per code: the code, its HTTP status and its message
 * (the product's wording, from packages/shared) are decided here once. Errors common to every
 * route (invalid request, not found, rate limited…) are `AppError.common`.
 */

/** Too many requests of one kind from one client (docs/product-rules.md, "Rate limits"). */
export const rateLimitedError = () => AppError.common('request/rate-limited', 429);

export const requestErrors = {
  badOrigin: () => new AppError('request/bad-origin', 403, AUTH_MESSAGES.originRejected),
  invalidCursor: () => new AppError('request/invalid', 400, STUDY_TOOLS_MESSAGES.invalidCursor),
  localOnly: () =>
    new AppError(
      'request/local-only',
      403,
      'Esta página de desenvolvimento só responde no próprio computador do servidor (localhost).',
    ),
};

export const authErrors = {
  invalidActionCode: (message: string) => new AppError('auth/invalid-action-code', 400, message),
  expiredActionCode: (message: string) => new AppError('auth/expired-action-code', 400, message),
  emailInUse: () => new AppError('auth/email-already-in-use', 409, AUTH_MESSAGES.emailInUse),
  signupFailed: () => new AppError('auth/signup-failed', 502, AUTH_MESSAGES.signupFailed),
  invalidCredential: () =>
    new AppError('auth/invalid-credential', 401, AUTH_MESSAGES.invalidCredential),
  emailNotVerified: () =>
    new AppError('auth/email-not-verified', 403, AUTH_MESSAGES.emailNotVerified),
  alreadyVerified: () => new AppError('auth/already-verified', 409, AUTH_MESSAGES.verificationDone),
  verificationSendFailed: () =>
    new AppError('auth/verification-send-failed', 502, AUTH_MESSAGES.verificationSendFailed),
  userNotFound: () => new AppError('auth/user-not-found', 404, AUTH_MESSAGES.userNotFound),
  resetLinkFailed: () => new AppError('auth/reset-link-failed', 502, AUTH_MESSAGES.resetLinkFailed),
  statusNeedsSignIn: () =>
    new AppError('auth/unauthenticated', 401, STUDY_TOOLS_MESSAGES.statusNeedsSignIn),
  googleProfileReadOnly: () =>
    new AppError('auth/google-profile-read-only', 403, AUTH_MESSAGES.googleProfileReadOnly),
  googleNoPassword: () =>
    new AppError('auth/google-no-password', 403, AUTH_MESSAGES.passwordChangeGoogle),
  accountBlocked: (reason: string) =>
    new AppError('auth/account-blocked', 403, AUTH_MESSAGES.accountBlocked(reason)),
};

export const accountErrors = {
  noEmail: () => new AppError('account/no-email', 400, AUTH_MESSAGES.passwordChangeNoEmail),
  sendFailed: () =>
    new AppError('account/send-failed', 502, AUTH_MESSAGES.passwordChangeSendFailed),
  photoNotImage: () => new AppError('photo/not-image', 400, AUTH_MESSAGES.photoNotImage),
  photoTooLarge: () => new AppError('photo/too-large', 413, AUTH_MESSAGES.photoTooLarge),
  photoInvalidUpload: () =>
    new AppError('photo/invalid-upload', 400, AUTH_MESSAGES.photoUploadInvalid),
};

export const catalogErrors = {
  questionNotFound: () =>
    new AppError('catalog/question-not-found', 404, CATALOG_MESSAGES.questionNotFound),
  examNotFound: () => new AppError('catalog/exam-not-found', 404, CATALOG_MESSAGES.examNotFound),
  disciplineNotFound: () =>
    new AppError('catalog/discipline-not-found', 404, CATALOG_MESSAGES.disciplineNotFound),
  unknownExamOption: (key: string, names: string[]) =>
    new AppError('catalog/unknown-option', 400, CATALOG_MESSAGES.unknownExamOption(key, names)),
  examWithoutOptions: () =>
    new AppError('catalog/exam-without-options', 400, CATALOG_MESSAGES.examWithoutOptions),
};

export const editorErrors = {
  invalid: (message: string, fields: Record<string, string>) =>
    new AppError('editor/invalid', 400, message, fields),
  keyChange: () => new AppError('editor/key-change', 409, QUESTION_EDITOR_MESSAGES.keyChange),
  versionNotFound: () =>
    new AppError('editor/version-not-found', 404, QUESTION_EDITOR_MESSAGES.versionNotFound),
  stale: () => new AppError('editor/stale', 409, QUESTION_EDITOR_MESSAGES.stale),
  retired: () => new AppError('editor/question-retired', 409, QUESTION_EDITOR_MESSAGES.retired),
  imageNotFound: () => new AppError('editor/image-not-found', 404, IMAGE_REPLACE_MESSAGES.notFound),
  imageInvalid: (message: string) => new AppError('editor/image-invalid', 400, message),
  imageTooLarge: () => new AppError('editor/image-too-large', 413, IMAGE_REPLACE_MESSAGES.tooLarge),
  imageMissing: () => new AppError('editor/image-missing', 400, IMAGE_REPLACE_MESSAGES.missingFile),
  imageUploadIncomplete: () =>
    new AppError('editor/image-upload-incomplete', 400, IMAGE_REPLACE_MESSAGES.uploadIncomplete),
  answerKeyProblems: () =>
    new AppError('answer-key/problems', 400, ANSWER_KEY_MESSAGES.hasProblems),
};

export const contentUploadErrors = {
  tooLarge: () => new AppError('content/upload-too-large', 413, CONTENT_UPLOAD_MESSAGES.tooLarge),
  notZip: () => new AppError('content/not-zip', 415, CONTENT_UPLOAD_MESSAGES.notZip),
  missingFile: () => new AppError('content/missing-file', 400, CONTENT_UPLOAD_MESSAGES.missingFile),
  uploadIncomplete: () =>
    new AppError('content/upload-incomplete', 400, CONTENT_UPLOAD_MESSAGES.uploadIncomplete),
  unsafePath: (name: string) =>
    new AppError('content/unsafe-path', 400, CONTENT_UPLOAD_MESSAGES.unsafePath(name)),
  tooManyEntries: (max: number) =>
    new AppError('content/too-many-files', 400, CONTENT_UPLOAD_MESSAGES.tooManyEntries(max)),
  entryTooLarge: (name: string) =>
    new AppError('content/file-too-large', 400, CONTENT_UPLOAD_MESSAGES.entryTooLarge(name)),
  tooLargeUncompressed: () =>
    new AppError('content/too-large', 400, CONTENT_UPLOAD_MESSAGES.tooLargeUncompressed),
  bomb: (name: string) =>
    new AppError('content/zip-bomb', 400, CONTENT_UPLOAD_MESSAGES.compressionBomb(name)),
  archiveBomb: () => new AppError('content/zip-bomb', 400, CONTENT_UPLOAD_MESSAGES.archiveBomb),
  conflictingPaths: (name: string) =>
    new AppError('content/conflicting-paths', 400, CONTENT_UPLOAD_MESSAGES.conflictingPaths(name)),
  damaged: () => new AppError('content/damaged-zip', 400, CONTENT_UPLOAD_MESSAGES.damaged),
  wrongLayout: () => new AppError('content/wrong-layout', 400, CONTENT_UPLOAD_MESSAGES.wrongLayout),
};

export const studyErrors = {
  questionAnnulled: () =>
    new AppError('study/question-annulled', 409, CATALOG_MESSAGES.questionAnnulled),
  questionRetired: () =>
    new AppError('study/question-retired', 409, CATALOG_MESSAGES.questionRetired),
  invalidLetter: () => new AppError('study/invalid-letter', 400, CATALOG_MESSAGES.invalidLetter),
  questionLimit: () => new AppError('limit/question', 402, CATALOG_MESSAGES.questionLimit),
  statsCheckFirst: () =>
    new AppError('study/check-first', 403, STUDY_TOOLS_MESSAGES.statsCheckFirst),
  commentaryCheckFirst: () =>
    new AppError('study/check-first', 403, STUDY_TOOLS_MESSAGES.commentaryCheckFirst),
};

export const notebookExportErrors = {
  emptyNotebook: () => new AppError('notebook/empty', 422, NOTEBOOK_EXPORT_MESSAGES.emptyNotebook),
  notInNotebook: () =>
    new AppError('notebook/not-in-notebook', 422, NOTEBOOK_EXPORT_MESSAGES.notInNotebook),
};

export const simuladoErrors = {
  notFound: () => new AppError('simulado/not-found', 404, SIMULADO_MESSAGES.notFound),
  examNotFound: () => new AppError('simulado/exam-not-found', 404, SIMULADO_MESSAGES.notFound),
  sourceRequired: () =>
    new AppError('simulado/source-required', 400, SIMULADO_MESSAGES.sourceRequired),
  noQuestions: () => new AppError('simulado/no-questions', 422, SIMULADO_MESSAGES.noQuestions),
  optionRequired: () =>
    new AppError('simulado/option-required', 400, SIMULADO_MESSAGES.optionRequired),
  cebraspeNeedsCertoErrado: () =>
    new AppError(
      'simulado/cebraspe-needs-certo-errado',
      400,
      SIMULADO_MESSAGES.cebraspeNeedsCertoErrado,
    ),
  finished: () => new AppError('simulado/finished', 409, SIMULADO_MESSAGES.finished),
  timeOver: () => new AppError('simulado/time-over', 409, SIMULADO_MESSAGES.timeOver),
  notInSimulado: () =>
    new AppError('simulado/not-in-simulado', 404, SIMULADO_MESSAGES.notInSimulado),
  invalidLetter: () =>
    new AppError('simulado/invalid-letter', 400, SIMULADO_MESSAGES.invalidLetter),
  /** A running simulado holds the question (or a question of the subject). */
  inProgress: (message: string) => new AppError(SIMULADO_IN_PROGRESS_CODE, 409, message),
};

export const aiErrors = {
  limit: () => new AppError(AI_ERROR_CODES.limit, 402, AI_MESSAGES.limitReached),
  checkFirst: () => new AppError(AI_ERROR_CODES.checkFirst, 403, AI_MESSAGES.checkFirst),
  subjectNotFound: () =>
    new AppError(AI_ERROR_CODES.subjectNotFound, 404, AI_MESSAGES.subjectNotFound),
};

export const billingErrors = {
  notFound: () => new AppError('billing/not-found', 404, PAYMENT_MESSAGES.paymentNotFound),
  unknownProduct: () =>
    new AppError('billing/unknown-product', 400, PAYMENT_MESSAGES.unknownProduct),
  generationFailed: () =>
    new AppError('billing/generation-failed', 502, PAYMENT_MESSAGES.generationFailed),
  invalidSignature: () =>
    new AppError('billing/invalid-signature', 401, PAYMENT_MESSAGES.invalidSignature),
  otherProvider: (paidWith: string, serverUses: string) =>
    new AppError(
      'billing/other-provider',
      409,
      `A compra foi paga pelo provedor ${paidWith}, mas o servidor usa ${serverUses}.`,
    ),
};

export const supportErrors = {
  missingData: () => new AppError('support/missing-data', 404, SUPPORT_MESSAGES.reportMissingData),
  noComment: () => new AppError('support/no-comment', 400, SUPPORT_MESSAGES.reportNoComment),
  alreadyCommented: () =>
    new AppError('support/already-commented', 400, SUPPORT_MESSAGES.reportAlreadyCommented),
  reportNotFound: () => new AppError('report/not-found', 404, REPORT_TRIAGE_MESSAGES.notFound),
  reportTwinOpen: () =>
    new AppError(
      'report/twin-open',
      409,
      'Quem reportou já tem outro reporte aberto igual a este para a mesma questão: trate aquele.',
    ),
};

/** An action's change was saved, but the mail server did not take its e-mail. */
export const mailErrors = {
  replySavedNotSent: (email: string) =>
    new AppError('mail/not-sent', 502, MAIL_MESSAGES.replySavedNotSent(email)),
};

/** The support inbox of the operations console. */
export const helpInboxErrors = {
  notFound: () => new AppError('help/not-found', 404, HELP_INBOX_MESSAGES.notFound),
};

/** Operator commands speak to the operator, in the terminal. */
export const operatorErrors = {
  usage: (text: string) => new AppError('operator/usage', 400, text),
  unknownCommand: (command: string) =>
    new AppError('operator/unknown-command', 404, `Comando de operação desconhecido: ${command}`),
  userNotFound: (email: string) =>
    new AppError('operator/user-not-found', 404, `Nenhuma conta encontrada com o e-mail ${email}.`),
  ambiguousUser: (email: string) =>
    new AppError(
      'operator/ambiguous-user',
      409,
      `Há uma conta com senha e uma conta Google com o e-mail ${email}: use --provider password ou --provider google.`,
    ),
  inconsistent: (report: string) => new AppError('operator/inconsistent', 409, report),
  fileExists: (file: string) =>
    new AppError(
      'operator/file-exists',
      409,
      `O arquivo ${file} já existe: escolha outro nome (nada é escrito por cima de um arquivo).`,
    ),
  fileMissing: (file: string) =>
    new AppError(
      'operator/file-missing',
      404,
      `Arquivo não encontrado: ${file}. Nada foi alterado.`,
    ),
  notABackup: (file: string) =>
    new AppError(
      'operator/not-a-backup',
      400,
      `${file} não é uma cópia do banco embutido que se possa abrir (db:backup). Nada foi alterado.`,
    ),
  serverRunning: () =>
    new AppError(
      'operator/server-running',
      409,
      'O servidor está usando o banco embutido: pare-o antes de restaurar uma cópia. Nada foi alterado.',
    ),
  folderNotEmpty: (dir: string) =>
    new AppError(
      'operator/folder-not-empty',
      409,
      `A pasta de saída ${dir} não está vazia: escolha uma pasta nova (nada é escrito por cima de arquivos existentes).`,
    ),
};

export const accountsConsoleErrors = {
  notFound: () => new AppError('account/not-found', 404, ACCOUNTS_CONSOLE_MESSAGES.notFound),
  overSupportLimit: (limit: number) =>
    new AppError(
      'account/over-support-limit',
      400,
      ACCOUNTS_CONSOLE_MESSAGES.packagesOverSupportLimit(limit),
    ),
  alreadyBlocked: () =>
    new AppError('account/already-blocked', 409, ACCOUNTS_CONSOLE_MESSAGES.alreadyBlocked),
  notBlocked: () => new AppError('account/not-blocked', 409, ACCOUNTS_CONSOLE_MESSAGES.notBlocked),
  ownAccount: () => new AppError('account/own-account', 409, ACCOUNTS_CONSOLE_MESSAGES.ownAccount),
  ownAccountGrant: () =>
    new AppError('account/own-account', 409, ACCOUNTS_CONSOLE_MESSAGES.ownAccountGrant),
  alreadyVerified: () =>
    new AppError('account/already-verified', 409, ACCOUNTS_CONSOLE_MESSAGES.alreadyVerified),
  googleNoVerification: () =>
    new AppError('account/google-verified', 409, ACCOUNTS_CONSOLE_MESSAGES.googleNoVerification),
};

/** Export, e-mail change, consents and deletion (docs/product-rules.md, "Personal data and the LGPD"). */
export const privacyErrors = {
  exportNotFound: () =>
    new AppError('privacy/export-not-found', 404, PRIVACY_MESSAGES.exportNotFound),
  exportExpired: () => new AppError('privacy/export-expired', 410, PRIVACY_MESSAGES.exportExpired),
  exportNotReady: () =>
    new AppError('privacy/export-not-ready', 409, PRIVACY_MESSAGES.exportNotReady),
  exportLimited: () => new AppError('privacy/export-limited', 429, PRIVACY_MESSAGES.exportLimited),
  wrongPassword: () => new AppError('privacy/wrong-password', 403, PRIVACY_MESSAGES.wrongPassword),
  emailChangeSame: () =>
    new AppError('privacy/email-unchanged', 400, PRIVACY_MESSAGES.emailChangeSame),
  emailChangeGoogle: () =>
    new AppError('privacy/google-email', 400, PRIVACY_MESSAGES.emailChangeGoogle),
  emailChangeInvalid: () =>
    new AppError('auth/invalid-action-code', 400, PRIVACY_MESSAGES.emailChangeInvalid),
  deleteCodeRequired: () =>
    new AppError('privacy/code-required', 400, PRIVACY_MESSAGES.deleteCodeRequired),
  deleteUsesPassword: () =>
    new AppError('privacy/uses-password', 400, PRIVACY_MESSAGES.deleteUsesPassword),
  mailFailed: () => new AppError('privacy/mail-failed', 502, PRIVACY_MESSAGES.mailFailed),
  deleteCodeInvalid: () =>
    new AppError('privacy/code-invalid', 403, PRIVACY_MESSAGES.deleteCodeInvalid),
  deletePendingPayment: () =>
    new AppError('privacy/pending-payment', 409, PRIVACY_MESSAGES.deletePendingPayment),
  deleteStaff: () => new AppError('privacy/staff-account', 403, PRIVACY_MESSAGES.deleteStaff),
  consentSaveFailed: () =>
    new AppError('privacy/consent-failed', 500, PRIVACY_MESSAGES.consentSaveFailed),
};

export const reviewErrors = {
  itemNotFound: () => new AppError('review/item-not-found', 404, REVIEW_MESSAGES.itemNotFound),
  tooOld: () => new AppError('review/too-old', 422, REVIEW_MESSAGES.reviewTooOld),
  flashcardNotFound: () =>
    new AppError('review/flashcard-not-found', 404, REVIEW_MESSAGES.flashcardNotFound),
  questionNotInNotebook: () =>
    new AppError('review/question-not-in-notebook', 404, REVIEW_MESSAGES.questionNotInNotebook),
  unknownDiscipline: () =>
    new AppError('review/unknown-discipline', 400, REVIEW_MESSAGES.unknownDiscipline),
};

/** "Meu edital" (docs/product-rules.md, "Plano de estudos"): nothing is saved after any of these. */
export const editalErrors = {
  textEmpty: () => new AppError('edital/text-empty', 422, EDITAL_MESSAGES.textEmpty),
  textTooLong: () => new AppError('edital/text-too-long', 413, EDITAL_MESSAGES.textTooLong),
  noItems: () => new AppError('edital/no-items', 422, EDITAL_MESSAGES.noItems),
  pdfMissing: () => new AppError('edital/pdf-missing', 400, EDITAL_MESSAGES.pdfMissing),
  pdfTooLarge: () => new AppError('edital/pdf-too-large', 413, EDITAL_MESSAGES.pdfTooLarge),
  pdfUploadIncomplete: () =>
    new AppError('edital/pdf-upload-incomplete', 400, EDITAL_MESSAGES.pdfUploadIncomplete),
  pdfTooManyPages: () =>
    new AppError('edital/pdf-too-many-pages', 422, EDITAL_MESSAGES.pdfTooManyPages),
  pdfImageOnly: () => new AppError('edital/pdf-image-only', 422, EDITAL_MESSAGES.pdfImageOnly),
  pdfUnreadable: () => new AppError('edital/pdf-unreadable', 422, EDITAL_MESSAGES.pdfUnreadable),
  pdfTimeout: () => new AppError('edital/pdf-timeout', 422, EDITAL_MESSAGES.pdfTimeout),
  notFound: () => new AppError('edital/not-found', 404, EDITAL_MESSAGES.notFound),
  tooMany: () => new AppError('edital/too-many', 409, EDITAL_MESSAGES.tooMany),
};
