// The public face of the mail module: what other modules, app.ts and the CLI may use.
export { commitThenMail } from './mail-after-commit';
export {
  accountDeletedMail,
  deletionCodeMail,
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  escapeHtml,
  helpReplyMail,
  mailButton,
  mailLayout,
  passwordResetMail,
  reportReplyMail,
  verificationMail,
} from './mail.templates';
export { createOutboxMailer, createSmtpMailer, type Mailer, type MailMessage } from './mailer';
export { outboxRoutes } from './outbox.routes';
export { mailPersonalData } from './personal-data';
export { mailModule } from './mail.plugin';
