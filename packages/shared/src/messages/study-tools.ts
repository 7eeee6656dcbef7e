/**
 * Texts of the study tools: question search, the mistakes notebook, crowd answer stats and the
 * authored comments.
 */
export const STUDY_TOOLS_MESSAGES = {
  searchTitle: 'Buscar questões',
  searchPlaceholder: 'Palavras do enunciado ou das alternativas',
  searchLoadFailed: 'Não foi possível buscar as questões. Tente novamente.',
  searchEmpty: 'Nenhuma questão encontrada com esses filtros.',
  statusNeedsSignIn: 'Entre na sua conta para filtrar pelas questões que você resolveu.',
  invalidStatus: 'Escolha uma situação válida: não resolvidas, acertei ou errei.',
  invalidCursor: 'A página pedida não existe mais. Refaça a busca.',
  reviewTitle: 'Caderno de erros',
  reviewLoadFailed: 'Não foi possível carregar o seu caderno de erros. Tente novamente.',
  reviewEmpty:
    'Nenhuma questão no caderno. Toda questão que você errar aparece aqui para ser refeita.',
  reviewPremiumOnly:
    'O caderno de erros é exclusivo para assinantes Premium. Assine para refazer as questões que você errou no momento certo de revisá-las.',
  statsCheckFirst: 'Responda a questão para ver como os outros usuários responderam.',
  statsLoadFailed: 'Não foi possível carregar as estatísticas da questão.',
  commentaryTitle: 'Comentário',
  commentaryCheckFirst: 'Responda a questão para ver o comentário.',
  commentaryLoadFailed: 'Não foi possível carregar o comentário da questão.',
  commentaryMissing: 'Esta questão ainda não tem comentário da equipe.',
  commentaryMissingKey: 'Gabarito oficial:',
  commentaryMissingAsk:
    'Peça o comentário à equipe: o pedido fica em "Meus reportes", na sua conta, com a resposta quando ele for publicado.',
  commentaryLocked:
    'O comentário de cada alternativa e o fundamento (lei, artigo, súmula) são do Premium ou de quem tem um pacote de tokens.',
  commentarySources: 'Fundamento',
} as const;
