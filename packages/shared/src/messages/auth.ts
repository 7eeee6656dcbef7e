import { countLabel } from '../plural';
import { SESSION_MESSAGES } from './session';

/**
 * Texts of the sign-in, sign-up, recovery and profile screens, word for word from the product spec
 * (sections 5 and 8). Server error messages and screen texts both come from here.
 */
export const AUTH_MESSAGES = {
  /** After a Google sign-in of a blocked account in a full-page redirect (the reason stays off the URL). */
  accountBlockedGeneric: 'Esta conta está bloqueada. Fale com o suporte pela Central de Ajuda.',
  accountBlocked: (reason: string) =>
    `Esta conta está bloqueada: ${reason.trim().replace(/[.!]+$/, '')}. Fale com o suporte pela Central de Ajuda.`,
  invalidCredential: 'E-mail ou senha inválidos.',
  emailNotVerified: 'O e-mail do usuário não foi verificado.',
  emailNotVerifiedHint: 'Abra seu e-mail e clique no link de confirmação!',
  invalidEmail: 'O formato do e-mail é inválido.',
  emailRequired: 'Informe seu e-mail.',
  passwordRequired: 'Informe sua senha.',
  nameRequired: 'Informe seu nome.',
  loginFailed: 'Falha ao fazer login. Tente novamente.',
  googleFailed: 'Falha ao fazer login com Google. Tente novamente.',

  emailInUse: 'Este endereço de e-mail já está em uso.',
  weakPassword: 'A senha é muito fraca. Use pelo menos 6 caracteres.',
  signupFailed: 'Falha ao criar a conta. Tente novamente.',
  passwordsDoNotMatch: 'As senhas não coincidem.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres.',

  recoveryEmailRequired: 'Por favor, insira seu e-mail para recuperar a senha.',
  userNotFound: 'Nenhum usuário encontrado com este e-mail.',
  resetLinkFailed: 'Falha ao enviar link de recuperação. Tente novamente.',
  resetLinkSent: (email: string) => `Link de recuperação enviado para ${email}`,

  resetCodeExpired: 'O link de recuperação de senha expirou. Por favor, solicite um novo.',
  resetCodeInvalid: 'link de recuperação de senha inválido.',
  resetCheckFailed: 'Não foi possível verificar o link de recuperação. Tente novamente.',
  resetCodeMissing:
    'Nenhum código de recuperação encontrado. Se você seguiu um link, ele pode estar incompleto.',
  resetConfirmFailed:
    'Falha ao redefinir a senha. O link pode ter expirado ou ser inválido. Tente novamente.',
  resetDone: 'Senha redefinida com sucesso!',
  newPasswordTooShort: 'A nova senha deve ter pelo menos 6 caracteres.',

  verificationFailed: 'Link de verificação inválido ou expirado.',
  verificationDone: 'E-mail verificado com sucesso! Você já pode fazer o login.',
  verificationAlreadyDone: 'Este e-mail já foi verificado. Você já pode fazer o login.',
  verificationSent: 'Enviamos um novo link de verificação para o seu e-mail.',
  verificationSendFailed: 'Não foi possível reenviar o e-mail de verificação. Tente novamente.',

  nameSaveFailed: 'Erro ao salvar o nome.',
  photoSaveFailed: 'Erro ao salvar a foto.',
  nameSaved: 'Nome salvo com sucesso!',
  photoSaved: 'Foto atualizada com sucesso!',
  nameNotSignedIn: 'Usuário não autenticado para atualizar nome.',
  photoNotSignedIn: 'Usuário não autenticado para atualizar imagem.',
  photoNotImage: 'Por favor, selecione um arquivo de imagem.',
  photoTooLarge: 'A imagem deve ter no máximo 5 MB.',
  photoUploadInvalid: 'O envio da imagem chegou incompleto. Tente novamente.',
  googleProfileReadOnly: 'Contas Google não podem alterar nome ou foto.',

  passwordChangeLinkSent: (email: string) => `Link de redefinição enviado para ${email}`,
  passwordChangeNoEmail: 'Erro 1',
  passwordChangeSendFailed: 'Erro 2',
  passwordChangeGoogle: 'Contas Google não têm senha para alterar.',

  ...SESSION_MESSAGES,
  signOutEverywhereFailed: 'Não foi possível encerrar as sessões. Tente novamente.',
  originRejected: 'Origem da requisição não permitida.',
} as const;

/** Days-remaining wording of the account screen (the product's wording). */
export function daysRemainingLabel(daysRemaining: number | null): string {
  if (daysRemaining === null) return 'N/A';
  if (daysRemaining < 0) return 'Plano expirado';
  if (daysRemaining === 0) return 'Expira hoje';
  return countLabel(daysRemaining, 'dia restante', 'dias restantes');
}
