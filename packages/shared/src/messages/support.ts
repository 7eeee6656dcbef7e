/** Texts of the help form and the error-report modal (the product's wording). */
export const SUPPORT_MESSAGES = {
  helpEmpty: 'Por favor, descreva sua demanda.',
  helpNotAllowed: 'Você precisa estar logado e com o e-mail verificado para enviar uma mensagem.',
  helpFailed: 'Ocorreu um erro ao enviar sua mensagem. Tente novamente.',
  helpSent: 'Mensagem enviada com sucesso! Entraremos em contato em breve.',
  helpMissingData: 'Dados insuficientes para salvar a solicitação de ajuda.',
  helpTooLong: 'A mensagem deve ter no máximo 5.000 caracteres.',
  helpSubmit: 'Enviar Mensagem',
  helpSending: 'Enviando...',
  helpNoResults: (term: string) => `Nenhum resultado encontrado para "${term}".`,

  reportOptionRequired: 'Por favor, selecione uma opção e preencha o campo, se necessário.',
  reportFailed: 'Ocorreu um erro ao enviar seu relatório. Tente novamente.',
  reportSent: 'Erro reportado com sucesso! Agradecemos sua contribuição.',
  reportMissingData: 'Dados insuficientes para salvar o relatório de erro.',
  reportTooLong: 'O texto deve ter no máximo 2.000 caracteres.',
  reportSignInHint: 'Faça login para reportar um erro',
  /** 'Erro no comentário da equipe' on a question without one. */
  reportNoComment:
    'Esta questão ainda não tem comentário da equipe: use "Reportar falta de comentário".',
  /** 'Falta de comentário da equipe' on a question that has one. */
  reportAlreadyCommented:
    'Esta questão já tem comentário da equipe. Se ele tem um erro, escolha "Erro no comentário da equipe".',
  missingCommentButton: 'Reportar falta de comentário',
  missingCommentSent:
    'Pedido enviado! A equipe vai comentar esta questão; acompanhe em "Meus reportes", na sua conta.',
} as const;
