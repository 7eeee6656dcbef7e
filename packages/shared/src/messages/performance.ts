/** Texts of the performance page (the product's wording). */
export const PERFORMANCE_MESSAGES = {
  loadFailed: 'Ocorreu um erro ao carregar os dados de desempenho.',
  resetFailed: 'Ocorreu um erro ao tentar resetar seu histórico.',
  resetWithoutUser: 'UserID não fornecido para resetar o histórico.',
  resetButton: 'Resetar Meu Histórico',
  empty:
    'Você ainda não respondeu nenhuma questão. Resolva questões para acompanhar seu desempenho aqui.',
  premiumOnly:
    'O desempenho por disciplina e por assunto é exclusivo para assinantes Premium. Assine para ver onde você acerta mais e o que precisa revisar.',
} as const;
