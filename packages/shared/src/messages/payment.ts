/**
 * Texts of the plans, payment and purchase-history screens. Where the product words a text, it is
 * reproduced as worded; the others are ours.
 */
export const PAYMENT_MESSAGES = {
  // The product's wording.
  allFieldsRequired: 'Todos os campos são obrigatórios.',
  generationFailed: 'Não foi possível gerar o pagamento. Por favor, tente novamente mais tarde.',
  listenerFailed: 'Erro de comunicação com o servidor de pagamentos.',
  expired: 'O tempo para pagamento esgotou.',
  noPlanPurchases: 'Você ainda não realizou nenhuma compra.',
  noPackagePurchases: 'Você ainda não comprou nenhum pacote de tokens.',
  subscribe: 'Assinar',
  buyPackage: 'Comprar Pacote',
  newPix: 'Gerar Novo PIX',
  retry: 'Tentar Novamente',

  // Ours.
  invalidCpf: 'CPF inválido. Confira os 11 números digitados.',
  nameTooLong: 'Use no máximo 60 caracteres em cada nome.',
  unknownProduct: 'Produto não encontrado. Escolha um plano ou pacote na página de planos.',
  paymentNotFound: 'Pagamento não encontrado.',
  invalidSignature: 'Notificação de pagamento com assinatura inválida.',
  copyCode: 'Copiar código',
  codeCopied: 'Código copiado!',
  simulatePayment: 'Simular pagamento',
  waiting: 'Aguardando a confirmação do pagamento...',
  paid: 'Pagamento confirmado! Você será levado para a sua conta.',
  paidBackToStudy: 'Pagamento confirmado! Você voltará para onde estava estudando.',
  paidLate:
    'O pagamento foi confirmado depois do fim do prazo, mas chegou: sua compra foi liberada normalmente.',
  notCompleted: 'Este pagamento não foi concluído. Gere um novo PIX para tentar outra vez.',
  refunded: 'Este pagamento foi estornado e a compra foi desfeita.',
} as const;

/** What the page shows for each state of a purchase. */
export const PAYMENT_STATUS_LABELS = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Prazo esgotado',
  cancelled: 'Cancelado',
  rejected: 'Recusado',
  refunded: 'Estornado',
  charged_back: 'Contestado',
  failed: 'Não gerado',
} as const;
