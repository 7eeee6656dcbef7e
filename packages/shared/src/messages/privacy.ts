/**
 * Texts of the personal-data screens of /conta (export, e-mail change, consents, deletion) and their
 * server errors (docs/product-rules.md, "Personal data and the LGPD").
 */
export const PRIVACY_MESSAGES = {
  exportTitle: 'Seus dados',
  exportButton: 'Baixar meus dados',
  exportBuilding:
    'Estamos reunindo seus dados. Isso leva alguns segundos; você também receberá um e-mail quando o arquivo estiver pronto.',
  exportReady: 'Seu arquivo está pronto.',
  exportDownload: 'Baixar arquivo (.zip)',
  exportFailed: 'Não foi possível gerar o arquivo com seus dados. Tente novamente.',
  exportExpired: 'Este link expirou. Peça um novo arquivo em Minha Conta.',
  exportNotReady: 'O arquivo ainda está sendo gerado. Aguarde alguns segundos.',
  exportNotFound: 'Arquivo não encontrado.',
  exportLimited: 'Você já pediu seus dados várias vezes hoje. Tente novamente amanhã.',

  emailChangeTitle: 'Alterar e-mail',
  emailChangeSent: (email: string) =>
    `Enviamos um link de confirmação para ${email}. O e-mail da conta muda quando você abrir esse link.`,
  emailChangeSame: 'Este já é o e-mail da sua conta.',
  emailChangeGoogle: 'Contas Google usam o e-mail da conta Google e não podem alterá-lo aqui.',
  emailChangeInvalid: 'Link de confirmação de e-mail inválido ou expirado.',
  emailChangeDone: (email: string) => `E-mail alterado com sucesso! Agora sua conta usa ${email}.`,
  emailChangeAlreadyDoneTitle: 'E-mail já confirmado',
  emailChangeAlreadyDone: (email: string) =>
    `Este link já foi usado e o novo e-mail já está confirmado: sua conta usa ${email}.`,
  wrongPassword: 'Senha incorreta.',
  mailFailed: 'Não foi possível enviar o e-mail. Tente novamente em alguns minutos.',

  consentTitle: 'Termos aceitos',
  consentUpdatedTitle: 'Atualizamos nossos documentos',
  consentUpdatedIntro: 'Para continuar usando o Gabarita, leia e aceite a versão atual de:',
  consentAccept: 'Li e aceito',
  consentGuardian:
    'Tenho menos de 18 anos e meu pai, mãe ou responsável legal consentiu com o uso do Gabarita.',
  consentSaveFailed: 'Não foi possível registrar o seu aceite. Tente novamente.',

  deleteTitle: 'Excluir minha conta',
  deleteButton: 'Excluir minha conta',
  deleteConfirm: 'Excluir conta definitivamente',
  deletePasswordLabel: 'Digite sua senha para confirmar',
  deleteCodeLabel: 'Código enviado por e-mail',
  deleteSendCode: 'Enviar código por e-mail',
  deleteCodeSent: (email: string) =>
    `Enviamos um código de 6 dígitos para ${email}. Ele vale por 15 minutos.`,
  deleteCodeInvalid: 'Código inválido ou expirado.',
  deleteCodeRequired: 'Informe o código enviado por e-mail.',
  deleteUsesPassword: 'Contas com senha confirmam a exclusão com a senha, sem código por e-mail.',
  deletePendingPayment:
    'Há um pagamento PIX em andamento nesta conta. Aguarde a confirmação ou o fim do prazo de pagamento para excluí-la.',
  deleteStaff: 'Contas da equipe não podem ser excluídas por aqui. Fale com um administrador.',
  deleteFailed: 'Não foi possível excluir a conta. Tente novamente.',
  deleted: 'Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.',
} as const;
