import { BUSINESS_TIME_ZONE, PRODUCT_NAME } from '@gabarita/shared';
import { editalExportFile } from '@/modules/edital';
import { reviewExportFile } from '@/modules/review';
import type { PersonalData } from './personal-data.repo';
import type { ZipFile } from './zip-writer';

/**
 * The files of 'Baixar meus dados' (docs/product-rules.md, "Personal data and the LGPD"): one
 * pretty-printed JSON per kind of data, always present (an empty list says the kind exists and
 * holds nothing of this account), the answers again as a spreadsheet, and a LEIA-ME that explains
 * them. Keys and values are in Portuguese, for the person reading them.
 */
export function archiveFiles(data: PersonalData, generatedAt: Date): ZipFile[] {
  const photoName = data.photo
    ? `foto.${PHOTO_EXTENSIONS[data.photo.contentType] ?? 'webp'}`
    : null;
  const files: ZipFile[] = [
    { name: 'LEIA-ME.txt', content: Buffer.from(readMe(generatedAt, photoName), 'utf8') },
    json('perfil.json', profile(data, photoName)),
    json('metodos-de-acesso.json', signInMethods(data)),
    json('plano.json', plan(data)),
    json('respostas.json', answers(data)),
    { name: 'respostas.csv', content: answersCsv(data) },
    json('provas-abertas.json', openedExams(data)),
    json('escolhas-de-opcao.json', optionChoices(data)),
    json('simulados.json', simulados(data)),
    json('caderno-de-erros.json', review(data)),
    json('revisao-e-cartoes.json', reviewExportFile(data.spacedReview)),
    json('editais.json', editalExportFile(data.editais)),
    json('compras.json', purchases(data)),
    json('tokens.json', tokens(data)),
    json('explicacoes-e-textos.json', paidTexts(data)),
    json('conversas-com-o-tutor.json', chats(data)),
    json('reportes-de-erro.json', reports(data)),
    json('mensagens-de-ajuda.json', helpMessages(data)),
    json('avisos.json', notices(data)),
    json('consentimentos.json', consents(data)),
    json('uso-diario.json', dailyUsage(data)),
  ];
  if (data.photo && photoName) files.push({ name: photoName, content: data.photo.content });
  return files;
}

const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const json = (name: string, value: unknown): ZipFile => ({
  name,
  content: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
});

/** Node 20 has no Map.groupBy. */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

const PROVIDERS = { password: 'e-mail e senha', google: 'Google' } as const;
const ROLES = { user: 'aluno', editor: 'editor', support: 'suporte', admin: 'administrador' };
const RESULTS = { c: 'certa', e: 'errada' } as const;
const NOT_ANSWERED = 'não respondida';
const SIMULADO_OUTCOMES = {
  certa: 'certa',
  errada: 'errada',
  em_branco: 'em branco',
  anulada: 'anulada',
} as const;
const PURCHASE_STATUSES = {
  pending: 'aguardando pagamento',
  paid: 'paga',
  expired: 'expirada',
  cancelled: 'cancelada',
  rejected: 'recusada',
  refunded: 'reembolsada',
  charged_back: 'contestada',
  failed: 'falhou',
} as const;
const FEATURES = {
  feedback: 'explicação da questão',
  chat: 'conversa com o tutor',
  didactic: 'texto de estudo',
  check: 'correção de resposta',
} as const;
const RESERVATION_OUTCOMES = {
  completed: 'concluída',
  aborted: 'interrompida',
  failed: 'falhou',
  expired: 'expirada',
} as const;
const REPORT_STATUSES = {
  new: 'novo',
  reviewing: 'em análise',
  fixed: 'corrigido',
  rejected: 'recusado',
} as const;
const HELP_STATUSES = { new: 'nova', answered: 'respondida', closed: 'encerrada' } as const;
const DOCUMENTS = {
  termos: 'Termos de uso',
  privacidade: 'Política de privacidade',
  responsavel: 'Consentimento do pai, mãe ou responsável',
} as const;

const money = (centavos: number) =>
  `R$ ${(centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function profile(data: PersonalData, photoName: string | null) {
  const account = data.account;
  if (!account) return null;
  return {
    id: account.id,
    nome: account.name,
    email: account.email,
    formaDeEntrada: PROVIDERS[account.provider],
    papel: ROLES[account.role],
    criadaEm: iso(account.createdAt),
    ultimoAcessoEm: iso(account.lastSeenAt),
    emailConfirmadoEm: iso(account.emailVerifiedAt),
    emailsAnteriores: data.previousEmails.map((previous) => ({
      email: previous.email,
      usadoDe: iso(previous.usedFrom),
      usadoAte: iso(previous.usedUntil),
    })),
    bloqueio: account.blockedAt
      ? { bloqueadaEm: iso(account.blockedAt), motivo: account.blockedReason }
      : null,
    foto: photoName ? `foto enviada: sim (arquivo ${photoName})` : 'foto enviada: não',
    fotoDaContaGoogle: account.externalPhotoUrl,
  };
}

function signInMethods(data: PersonalData) {
  return {
    formaDeEntrada: data.account ? PROVIDERS[data.account.provider] : null,
    contaGoogleVinculada: data.account?.hasGoogleSubject ?? false,
    senhaDefinida: data.account?.hasPassword ?? false,
    sessoes: data.sessions.map((session) => ({
      iniciadaEm: iso(session.createdAt),
      ultimoUsoEm: iso(session.lastUsedAt),
      expiraEm: iso(session.expiresAt),
    })),
    navegadoresLembrados: {
      quantidade: Number(data.trustedBrowsers.count),
      ultimoUsoEm: iso(data.trustedBrowsers.lastUsedAt),
    },
  };
}

function plan(data: PersonalData) {
  return {
    premiumAte: iso(data.plan?.premiumUntil),
    periodoPremiumAtualDesde: iso(data.plan?.premiumStartedAt),
    ultimoPagamentoEm: iso(data.plan?.lastPaymentAt),
    atualizadoEm: iso(data.plan?.updatedAt),
  };
}

function answers(data: PersonalData) {
  return data.answers.map((answer) => ({
    questao: answer.questionId,
    numero: answer.number,
    prova: answer.examId,
    instituicao: answer.institution,
    ano: answer.year,
    disciplina: answer.discipline,
    codigoDaDisciplina: answer.disciplineCode,
    assunto: answer.subject,
    letraEscolhida: answer.chosenLetter,
    resultado: answer.response ? RESULTS[answer.response] : NOT_ANSWERED,
    abertaEm: iso(answer.openedAt),
    respondidaEm: iso(answer.answeredAt),
  }));
}

const CSV_HEADER = [
  'questao',
  'prova',
  'instituicao',
  'ano',
  'numero',
  'disciplina',
  'assunto',
  'letra_escolhida',
  'resultado',
  'aberta_em',
  'respondida_em',
];

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Semicolon-separated with a byte order mark: spreadsheets set up for Brazil (decimal comma) open
 * it in columns, with the accents right.
 */
function answersCsv(data: PersonalData): Buffer {
  const lines = [CSV_HEADER.join(';')];
  for (const answer of data.answers) {
    lines.push(
      [
        answer.questionId,
        answer.examId,
        answer.institution,
        answer.year,
        answer.number,
        answer.discipline,
        answer.subject,
        answer.chosenLetter,
        answer.response ? RESULTS[answer.response] : NOT_ANSWERED,
        iso(answer.openedAt),
        iso(answer.answeredAt),
      ]
        .map(csvField)
        .join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function openedExams(data: PersonalData) {
  return data.openedExams.map((exam) => ({
    prova: exam.examId,
    instituicao: exam.institution,
    ano: exam.year,
    abertaPelaPrimeiraVezEm: iso(exam.firstOpenedAt),
    abertaPelaUltimaVezEm: iso(exam.lastOpenedAt),
  }));
}

function optionChoices(data: PersonalData) {
  return data.optionChoices.map((choice) => ({
    prova: choice.examId,
    opcao: choice.optionKey,
    nomeDaOpcao: choice.options.find((option) => option.key === choice.optionKey)?.name ?? null,
    escolhidaEm: iso(choice.chosenAt),
  }));
}

function simulados(data: PersonalData) {
  const questionsOf = groupBy(data.simuladoAnswers, (answer) => answer.simuladoId);
  return data.simulados.map((simulado) => ({
    id: simulado.id,
    titulo: simulado.title,
    prova: simulado.examId,
    filtros: simulado.source,
    pontuacao: simulado.scoring === 'cebraspe' ? 'Cebraspe (certo/errado)' : 'padrão',
    certoErrado: simulado.certoErrado,
    iniciadoEm: iso(simulado.startedAt),
    tempoLimiteEmSegundos: simulado.timeLimitSeconds,
    encerradoEm: iso(simulado.finishedAt),
    encerradoPor:
      simulado.finishedBy === 'tempo' ? 'fim do tempo' : simulado.finishedBy ? 'você' : null,
    resultado: simulado.result,
    questoes: (questionsOf.get(simulado.id) ?? []).map((answer) => ({
      posicao: answer.position,
      questao: answer.questionId,
      letraEscolhida: answer.chosenLetter,
      respondidaEm: iso(answer.answeredAt),
      resultado: answer.outcome ? SIMULADO_OUTCOMES[answer.outcome] : null,
    })),
  }));
}

function review(data: PersonalData) {
  return data.review.map((item) => ({
    questao: item.questionId,
    prova: item.examId,
    disciplina: item.discipline,
    id: item.guid,
    acertosSeguidosNaRevisao: item.step,
    revisarNoDia: item.dueDay,
    revisoes: item.reps,
    esquecimentos: item.lapses,
    estabilidadeEmDias: item.stability,
    dificuldade: item.difficulty,
    ultimoErroEm: iso(item.lastWrongAt),
    ultimaRevisaoEm: iso(item.lastReviewedAt),
  }));
}

function purchases(data: PersonalData) {
  return data.purchases.map((purchase) => ({
    id: purchase.id,
    tipo: purchase.productType === 'plan' ? 'plano' : 'pacote de tokens',
    produto: purchase.productName,
    codigoDoProduto: purchase.productId,
    preco: money(purchase.priceCentavos),
    precoEmCentavos: purchase.priceCentavos,
    diasDePlano: purchase.planDays,
    situacao: PURCHASE_STATUSES[purchase.status],
    meioDePagamento: 'PIX',
    intermediador: purchase.provider === 'mercadopago' ? 'Mercado Pago' : 'ambiente de testes',
    idDoPagamentoNoIntermediador: purchase.providerPaymentId,
    situacaoNoIntermediador: purchase.providerStatus,
    criadaEm: iso(purchase.createdAt),
    prazoParaPagarAte: iso(purchase.expiresAt),
    pagaEm: iso(purchase.paidAt),
    liberadaEm: iso(purchase.grantedAt),
    estornadaEm: iso(purchase.reversedAt),
    planoValidoAte: iso(purchase.validUntil),
    atualizadaEm: iso(purchase.updatedAt),
  }));
}

function tokens(data: PersonalData) {
  return {
    saldoDoPacote: data.wallet
      ? {
          tokensDeEntrada: data.wallet.packageInput,
          tokensDeSaida: data.wallet.packageOutput,
          reservadosDeEntrada: data.wallet.reservedInput,
          reservadosDeSaida: data.wallet.reservedOutput,
          atualizadoEm: iso(data.wallet.updatedAt),
        }
      : null,
    usoPorDia: data.tokenUsage.map((usage) => ({
      dia: usage.day,
      recurso: FEATURES[usage.feature],
      chamadas: usage.calls,
      tokensDeEntrada: usage.inputTokens,
      tokensDeSaida: usage.outputTokens,
    })),
    cotaDiariaPremiumUsada: data.tokenQuota.map((quota) => ({
      dia: quota.day,
      tokensDeEntrada: quota.inputUsed,
      tokensDeSaida: quota.outputUsed,
    })),
    reservasDeTokens: data.tokenReservations.map((reservation) => ({
      recurso: FEATURES[reservation.feature],
      situacao: reservation.outcome ? RESERVATION_OUTCOMES[reservation.outcome] : 'em andamento',
      chamadas: Number(reservation.calls),
      tokensUsadosDeEntrada: reservation.usedInput ?? 0,
      tokensUsadosDeSaida: reservation.usedOutput ?? 0,
      tokensCobradosDeEntrada: reservation.chargedInput ?? 0,
      tokensCobradosDeSaida: reservation.chargedOutput ?? 0,
      primeiraEm: iso(reservation.first),
      ultimaEm: iso(reservation.last),
    })),
  };
}

function paidTexts(data: PersonalData) {
  const author = (languageModel: boolean, model: string) =>
    languageModel ? `tutor de IA (${model})` : 'tutor offline (sem IA)';
  return {
    explicacoesDeQuestoes: data.feedback.map((text) => ({
      questao: text.questionId,
      texto: text.content,
      escritoPor: author(text.languageModel, text.model),
      criadoEm: iso(text.createdAt),
      substituidoEm: iso(text.supersededAt),
    })),
    textosDeEstudo: data.didactic.map((text) => ({
      disciplina: text.discipline,
      assunto: text.subject,
      texto: text.content,
      escritoPor: author(text.languageModel, text.model),
      criadoEm: iso(text.createdAt),
      substituidoEm: iso(text.supersededAt),
    })),
  };
}

function chats(data: PersonalData) {
  return [...groupBy(data.chats, (message) => message.questionId)].map(
    ([questionId, messages]) => ({
      questao: questionId,
      mensagens: messages.map((message) => ({
        autor: message.role === 'user' ? 'você' : 'tutor',
        texto: message.content,
        enviadaEm: iso(message.createdAt),
      })),
    }),
  );
}

function reports(data: PersonalData) {
  return data.reports.map((report) => ({
    id: report.id,
    questao: report.questionId,
    tipo: report.type,
    texto: report.text,
    situacao: REPORT_STATUSES[report.status],
    enviadoEm: iso(report.createdAt),
    atualizadoEm: iso(report.updatedAt),
    respostaDaEquipe: report.reply,
    respondidoEm: iso(report.repliedAt),
  }));
}

function helpMessages(data: PersonalData) {
  const repliesOf = groupBy(data.helpReplies, (reply) => reply.requestId);
  return data.helpMessages.map((message) => ({
    id: message.id,
    nomeInformado: message.userName,
    emailInformado: message.userEmail,
    mensagem: message.message,
    situacao: HELP_STATUSES[message.status],
    enviadaEm: iso(message.createdAt),
    atualizadaEm: iso(message.updatedAt),
    respostasDaEquipe: (repliesOf.get(message.id) ?? []).map((reply) => ({
      texto: reply.body,
      enviadaEm: iso(reply.sentAt),
    })),
  }));
}

function notices(data: PersonalData) {
  return data.notices.map((notice) => ({
    texto: notice.text,
    link: notice.link,
    criadoEm: iso(notice.createdAt),
    vistoEm: iso(notice.seenAt),
  }));
}

function consents(data: PersonalData) {
  return data.consents.map((consent) => ({
    documento: DOCUMENTS[consent.document],
    versao: consent.version,
    aceitoEm: iso(consent.acceptedAt),
  }));
}

function dailyUsage(data: PersonalData) {
  return data.dailyUsage.map((usage) => ({
    dia: usage.day,
    respostasCorrigidas: usage.questionChecks,
  }));
}

const generatedAtFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

function readMe(generatedAt: Date, photoName: string | null): string {
  const files: [string, string][] = [
    [
      'perfil.json',
      'sua conta: nome, e-mail (e os e-mails que ela usou antes, com as datas), forma de entrada, datas de criação e último acesso.',
    ],
    [
      'metodos-de-acesso.json',
      'como você entra (senha ou Google), sessões abertas e navegadores lembrados. Senhas e códigos de sessão nunca saem do servidor: guardamos só um resumo criptográfico (hash) deles, que não é incluído aqui.',
    ],
    ['plano.json', 'o seu plano Premium: até quando vale e o último pagamento.'],
    [
      'respostas.json',
      'cada questão que você abriu ou respondeu: prova, disciplina, assunto, letra escolhida e resultado.',
    ],
    [
      'respostas.csv',
      'as mesmas respostas em planilha (separada por ponto e vírgula; abre no Excel, no LibreOffice e no Google Planilhas).',
    ],
    ['provas-abertas.json', 'as provas que você abriu, e quando.'],
    [
      'escolhas-de-opcao.json',
      'a opção (por exemplo, a língua estrangeira) escolhida em cada prova.',
    ],
    ['simulados.json', 'seus simulados, com as questões, as suas respostas e o resultado.'],
    [
      'caderno-de-erros.json',
      'as questões do seu Caderno de erros e o estado de revisão de cada uma (FSRS).',
    ],
    [
      'revisao-e-cartoes.json',
      'os seus cartões de revisão, cada revisão que você fez (Errei, Difícil, Bom, Fácil) e a retenção desejada.',
    ],
    [
      'editais.json',
      'os editais que você guardou em "Meu edital": nome, data da prova, disciplinas e tópicos, e o texto de onde foram lidos.',
    ],
    [
      'compras.json',
      'suas compras: produto, preço, situação e o identificador do pagamento no intermediador.',
    ],
    ['tokens.json', 'seu saldo de tokens e quanto você usou por dia e por recurso.'],
    [
      'explicacoes-e-textos.json',
      'as explicações e os textos de estudo gerados a pedido seu (pagos com os seus tokens).',
    ],
    ['conversas-com-o-tutor.json', 'suas conversas com o tutor, por questão.'],
    ['reportes-de-erro.json', 'os erros que você reportou e as respostas da equipe.'],
    ['mensagens-de-ajuda.json', 'suas mensagens à Central de Ajuda e as respostas da equipe.'],
    ['avisos.json', 'os avisos que o aplicativo mostrou a você.'],
    [
      'consentimentos.json',
      'os documentos que você aceitou (Termos de uso, Política de privacidade), com versão e data.',
    ],
    ['uso-diario.json', 'quantas respostas você corrigiu por dia.'],
  ];
  if (photoName) files.push([photoName, 'a foto de perfil que você enviou.']);
  return [
    `Seus dados no ${PRODUCT_NAME}`,
    '',
    `Arquivo gerado em ${generatedAtFormat.format(generatedAt)} (horário de Brasília), a seu pedido, com tudo o que o ${PRODUCT_NAME} guarda sobre a sua conta.`,
    'Cada tipo de dado tem o seu arquivo, mesmo quando está vazio ([] ou null quer dizer que não há nada desse tipo na sua conta).',
    'Os arquivos .json são texto (UTF-8) e abrem em qualquer editor; as datas e horas estão no padrão ISO 8601, em UTC (o horário de Brasília é 3 horas a menos).',
    '',
    'Arquivos:',
    ...files.map(([name, description]) => `- ${name}: ${description}`),
    '',
    'Pagamentos',
    `O nome e o CPF de quem paga são enviados ao Mercado Pago no momento da compra, para gerar a cobrança PIX, e não ficam guardados no ${PRODUCT_NAME}. Para consultá-los, fale com o Mercado Pago.`,
    '',
    'Excluir a sua conta',
    `Em Minha Conta, use "Excluir minha conta". Isso apaga a sua conta e os dados acima; as compras ficam guardadas sem o seu nome e e-mail pelo prazo que a lei fiscal exige. Se tiver dúvidas, escreva pela Central de Ajuda.`,
    '',
  ].join('\r\n');
}
