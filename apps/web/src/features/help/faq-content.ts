import {
  FREE_DAILY_QUESTION_LIMIT,
  PIX_CODE_VALIDITY_MINUTES,
  PLANS,
  PREMIUM_DAILY_INPUT_TOKENS,
  PREMIUM_DAILY_OUTPUT_TOKENS,
  SUPPORT_REPLY_HOURS,
  TOKEN_PACKAGE,
  durationLabel,
} from '@gabarita/shared';
import { CircleUserRound, CreditCard, Sparkles, Wrench, type LucideIcon } from 'lucide-react';
import { formatInteger, formatPrice } from '@/lib/formatters';
import { questionCountLabel } from '@/domain/catalog/catalog-text';

/** A paragraph, or a numbered list of steps. */
export type FaqBlock = string | { steps: readonly string[] } | { items: readonly string[] };

export interface FaqEntry {
  id: string;
  question: string;
  answer: readonly FaqBlock[];
}

export interface FaqCategory {
  id: string;
  title: string;
  icon: LucideIcon;
  entries: readonly FaqEntry[];
}

/** Every text of an entry, for the search. */
export function entryTexts(entry: FaqEntry): string[] {
  return [
    entry.question,
    ...entry.answer.flatMap((block) => {
      if (typeof block === 'string') return [block];
      return 'steps' in block ? [...block.steps] : [...block.items];
    }),
  ];
}

const planLines = PLANS.map(
  (plan) =>
    `${plan.name}: ${durationLabel(plan.days)} de acesso por ${formatPrice(plan.priceCentavos)}`,
);
const packageTokens = `${formatInteger(TOKEN_PACKAGE.inputTokens)} tokens de entrada e ${formatInteger(
  TOKEN_PACKAGE.outputTokens,
)} tokens de saída`;
const dailyQuota = `${formatInteger(PREMIUM_DAILY_INPUT_TOKENS)} tokens de entrada e ${formatInteger(
  PREMIUM_DAILY_OUTPUT_TOKENS,
)} tokens de saída`;
const freeLimit = questionCountLabel(FREE_DAILY_QUESTION_LIMIT);
const pixMinutes = `${PIX_CODE_VALIDITY_MINUTES} minutos`;

/** The FAQ; the contact answer names the team's address when the server has one. */
/**
 * The help centre's questions and answers. `languageModel`: whether the install writes its tutor's
 * texts with a language model; without one, nothing here says IA (docs/product-rules.md).
 */
export function faqCategories(
  supportEmail: string | null,
  languageModel = true,
): readonly FaqCategory[] {
  const tutorName = languageModel ? 'a IA' : 'o tutor';
  return [
    {
      id: 'conta',
      title: 'Conta e Cadastro',
      icon: CircleUserRound,
      entries: [
        {
          id: 'criar-conta',
          question: 'Como crio minha conta?',
          answer: [
            'Na página de entrada, clique em "Criar conta" e informe nome, e-mail e uma senha com pelo menos 6 caracteres. Se preferir, use o botão de entrar com o Google: a conta é criada com os dados da sua conta Google.',
            'O cadastro é gratuito. Depois de entrar, você já pode resolver questões no limite da conta gratuita.',
          ],
        },
        {
          id: 'verificar-email',
          question: 'Por que preciso confirmar meu e-mail?',
          answer: [
            'Ao se cadastrar com e-mail e senha, enviamos uma mensagem de verificação para o endereço informado. Abra o link dessa mensagem para confirmar que o e-mail é seu; só depois da confirmação é possível entrar na plataforma.',
            'Se a mensagem não chegar, procure também nas pastas de spam e promoções. Quem entra com o Google não precisa dessa etapa, pois o Google já confirmou o endereço.',
          ],
        },
        {
          id: 'entrar-google',
          question: 'Posso entrar com minha conta Google?',
          answer: [
            'Sim. Na página de entrada, clique em "Entrar com Google" e escolha sua conta. Não é preciso criar uma senha para o Gabarita: o acesso fica ligado à sua conta Google.',
          ],
        },
        {
          id: 'recuperar-senha',
          question: 'Esqueci minha senha. Como faço para recuperá-la?',
          answer: [
            'Na página de entrada, clique em "Recuperar senha" e informe o e-mail da sua conta. Você receberá um link para criar uma nova senha. Se você já estiver conectado, também pode pedir esse link em "Gerenciar Conta", na seção Segurança.',
            'Contas criadas com o Google não têm senha no Gabarita: para entrar, use novamente o botão do Google.',
          ],
        },
        {
          id: 'nome-foto',
          question: 'Como altero meu nome ou minha foto de perfil?',
          answer: [
            'Clique na sua foto (ou no botão "Conta") no canto superior direito para abrir o painel de perfil. Ali você pode editar o nome e trocar a foto, que é reduzida automaticamente para no máximo 256 × 256 pixels.',
            'Em contas criadas com o Google, o nome e a foto são os da sua conta Google e não podem ser alterados no Gabarita.',
          ],
        },
        {
          id: 'dados-conta',
          question: 'Onde vejo os dados da minha conta e do meu plano?',
          answer: [
            'Em "Gerenciar Conta", no menu lateral. Lá aparecem seu e-mail, o status da conta (Gratuita ou Premium), a data de término e os dias restantes do plano, além do histórico de compras e de pacotes de tokens.',
          ],
        },
      ],
    },
    {
      id: 'planos',
      title: 'Planos e Pagamentos',
      icon: CreditCard,
      entries: [
        {
          id: 'planos-precos',
          question: 'Quais são os planos e quanto custam?',
          answer: [
            'Todos os planos dão acesso Premium pelo período contratado, contado a partir da compra:',
            { items: planLines },
            'Os planos estão em "Planos de Assinatura", no menu lateral.',
          ],
        },
        {
          id: 'premium-vantagens',
          question: 'O que o plano Premium oferece?',
          answer: [
            languageModel
              ? `Questões ilimitadas com gabarito, o comentário da equipe em cada alternativa com o fundamento, análise das questões pela IA, chat com a IA sobre cada questão, acesso às análises já salvas e estatísticas de desempenho por disciplina e assunto. A cota diária de IA é de ${dailyQuota}.`
              : `Questões ilimitadas com gabarito, o comentário da equipe em cada alternativa com o fundamento, perguntas ao tutor sobre cada questão, textos de estudo por assunto e estatísticas de desempenho por disciplina e assunto. A cota diária do tutor é de ${dailyQuota}.`,
          ],
        },
        {
          id: 'pagamento-pix',
          question: 'Como funciona o pagamento por PIX?',
          answer: [
            'O pagamento é feito somente por PIX, em uma única cobrança, por meio do Mercado Pago, nosso parceiro de pagamentos:',
            {
              steps: [
                'Em "Planos de Assinatura", escolha um plano (ou o pacote de tokens).',
                'Em "Planos de Assinatura", escolha o plano ou o pacote e informe Nome, Sobrenome e CPF de quem vai pagar (esses dados vão apenas para o Mercado Pago, para gerar a cobrança).',
                'Pague lendo o QR Code no aplicativo do seu banco ou usando o código PIX copia e cola.',
                `Faça o pagamento dentro de ${pixMinutes}: a contagem regressiva aparece na tela.`,
                'Assim que o pagamento é confirmado, o acesso é liberado automaticamente, sem que você precise fazer mais nada.',
              ],
            },
          ],
        },
        {
          id: 'pix-expirado',
          question: 'O tempo do PIX acabou. E agora?',
          answer: [
            `Um código PIX não pago em ${pixMinutes} expira e é cancelado; nenhum valor é cobrado por ele. Clique em "Gerar Novo PIX" para receber um novo código e faça o pagamento com ele. Se você pagou nos últimos instantes e a confirmação chegar depois do fim da contagem, a compra é liberada normalmente.`,
          ],
        },
        {
          id: 'renovacao-cancelamento',
          question: 'O plano é renovado automaticamente? Como faço o cancelamento?',
          answer: [
            'Não há renovação automática nem cobrança recorrente: cada plano é pago uma única vez por PIX. Quando o período termina, a conta volta a ser gratuita. Por isso não é preciso pedir o cancelamento; para continuar no Premium, basta contratar um novo plano.',
          ],
        },
        {
          id: 'plano-em-vigor',
          question: 'Já tenho um plano. O que acontece se eu comprar outro?',
          answer: [
            'Os dias do novo plano são somados ao fim do plano atual: nada do que você já pagou se perde. A data de término aparece em "Planos de Assinatura" e em "Gerenciar Conta".',
          ],
        },
        {
          id: 'pacote-tokens',
          question: 'O que é o pacote de tokens?',
          answer: [
            `O pacote "${TOKEN_PACKAGE.name}" custa ${formatPrice(TOKEN_PACKAGE.priceCentavos)} e acrescenta ${packageTokens} para usar ${languageModel ? 'nos recursos de IA' : 'com o tutor e nas conferências além do limite diário'}. Os tokens do pacote não têm prazo de validade: ficam disponíveis até serem usados.`,
          ],
        },
        {
          id: 'pagamento-nao-liberado',
          question: 'Paguei, mas o acesso não foi liberado. O que faço?',
          answer: [
            'A liberação acontece logo após a confirmação do pagamento pelo parceiro de PIX, o que costuma levar poucos segundos. Se o acesso não aparecer em "Gerenciar Conta", escreva para o suporte informando o e-mail da conta e o horário do pagamento.',
          ],
        },
      ],
    },
    {
      id: 'recursos',
      title: 'Recursos e Funcionalidades',
      icon: Sparkles,
      entries: [
        {
          id: 'limite-gratuito',
          question: 'Quantas questões posso resolver na conta gratuita?',
          answer: [
            `A conta gratuita permite resolver ${freeLimit} por dia. No dia seguinte o limite é renovado. ${languageModel ? 'Os recursos de inteligência artificial' : 'O comentário completo de cada alternativa e o tutor'} são exclusivos do Premium ou de quem tem tokens de um pacote.`,
          ],
        },
        {
          id: 'comentario',
          question: 'O que é o comentário da questão?',
          answer: [
            'Depois de "Verificar Gabarito", a questão mostra o comentário escrito e revisado pela equipe do Gabarita: um resumo do que a questão cobra, por que cada alternativa está certa ou errada (a sua resposta e a correta primeiro) e o fundamento, como a lei e o artigo, com link quando houver.',
            'O resumo aparece para todos. O comentário de cada alternativa e o fundamento são do Premium ou de quem tem um pacote de tokens, e lê-los não gasta tokens.',
          ],
        },
        ...(languageModel
          ? [
              {
                id: 'analise-ia',
                question: 'Como funciona a análise da questão pela IA?',
                answer: [
                  'Logo depois de "Verificar Gabarito", a IA explica por que o gabarito oficial está certo, por que cada outra alternativa está errada e termina com um resumo. A análise fica salva para todos: ver uma análise que já existe não gasta tokens. Se quiser uma nova explicação, use "Reanalisar com IA", que gera a análise de novo e consome tokens.',
                  'A explicação parte sempre do gabarito oficial e do comentário da equipe, quando há. Se você achar que o gabarito está errado, use "Reportar erro" na questão.',
                  'A IA é uma ferramenta de apoio aos estudos e pode cometer erros: confira sempre com o gabarito e com materiais de referência.',
                ],
              },
            ]
          : []),
        {
          id: 'chat-ia',
          question: `Posso tirar dúvidas sobre uma questão com ${tutorName}?`,
          answer: [
            languageModel
              ? 'Sim. Depois de verificar o gabarito, a tela da questão tem um chat em que você pergunta sobre o enunciado, as alternativas ou o assunto; há também atalhos como "Dê um exemplo". Enter envia a pergunta e Shift+Enter quebra a linha. Cada pergunta e resposta consome tokens; o botão "Parar" interrompe a resposta, e só é cobrado o que já foi escrito.'
              : 'Sim. Depois de verificar o gabarito, a tela da questão tem perguntas ao tutor: pergunte, por exemplo, por que uma alternativa está errada ou qual é a lei envolvida, e ele responde a partir do comentário da equipe. O tutor não é uma inteligência artificial: ele não inventa exemplos e diz quando o comentário não cobre a pergunta. Enter envia a pergunta e Shift+Enter quebra a linha. Cada pergunta e resposta consome tokens.',
          ],
        },
        {
          id: 'conteudo-didatico',
          question: 'O que é o conteúdo didático de Disciplinas isoladas?',
          answer: [
            languageModel
              ? 'Em "Disciplinas isoladas" você estuda um assunto de uma disciplina específica: resolve as questões dele e, com "Estudar com IA" ou "Gerar conteúdo com IA", recebe um texto de estudo com os conceitos, o que as bancas costumam cobrar, as pegadinhas comuns e exemplos resolvidos com questões do catálogo. O texto fica salvo para todos: ler um conteúdo que já existe não gasta tokens.'
              : 'Em "Disciplinas isoladas" você estuda um assunto de uma disciplina específica: resolve as questões dele e, com "Estudar este assunto" ou "Gerar texto de estudo", recebe as notas de estudo da equipe (conceitos, regras, pegadinhas comuns e o fundamento) com exemplos resolvidos de questões comentadas do catálogo. O texto fica salvo para todos: ler um texto que já existe não gasta tokens.',
          ],
        },
        {
          id: 'uso-tokens',
          question: 'Como os tokens são consumidos?',
          answer: [
            languageModel
              ? 'Cada uso de IA (análise, chat ou conteúdo didático) consome tokens de entrada (o que é enviado para a IA) e de saída (o que ela responde). A ordem de uso é esta:'
              : 'Cada uso do tutor (perguntas ou texto de estudo) consome tokens de entrada (o que o tutor lê) e de saída (o que ele responde), e uma conferência além do limite diário da conta gratuita também usa tokens do pacote. A ordem de uso é esta:',
            {
              steps: [
                'Primeiro são usados os tokens de pacotes comprados, que nunca expiram.',
                `Depois, a cota diária do Premium, de ${dailyQuota}, que é renovada no dia seguinte.`,
              ],
            },
            'Um pacote termina quando acabam os tokens de entrada ou os de saída. O contador na tela da questão e a página "Gerenciar Conta" mostram quanto ainda resta.',
          ],
        },
        ...(languageModel
          ? [
              {
                id: 'dados-ia',
                question: 'O que é enviado para a IA?',
                answer: [
                  'Somente o conteúdo da questão (enunciado, alternativas, gabarito, comentário da equipe, texto de referência e a imagem com sua descrição) e as perguntas que você escreve no chat. Seu nome, e-mail e CPF nunca são enviados. A Política de Privacidade diz qual provedor de IA recebe esses dados.',
                ],
              },
            ]
          : []),
        {
          id: 'estatisticas',
          question: 'Onde vejo minhas estatísticas de desempenho?',
          answer: [
            'Em "Meu Desempenho", no menu lateral. Contas Premium veem gráficos e uma tabela com acertos e erros por disciplina e por assunto.',
          ],
        },
        {
          id: 'zerar-historico',
          question: 'Posso zerar meu histórico de respostas?',
          answer: [
            'Sim. Em "Meu Desempenho", clique em "Resetar Meu Histórico" e confirme. As respostas registradas são apagadas e as estatísticas recomeçam do zero. Essa ação não pode ser desfeita.',
          ],
        },
      ],
    },
    {
      id: 'tecnicas',
      title: 'Questões Técnicas',
      icon: Wrench,
      entries: [
        {
          id: 'tema',
          question: 'Como mudo entre o tema claro e o escuro?',
          answer: [
            'Use o botão de tema no cabeçalho. Cada clique passa para o próximo modo, nesta ordem: automático (segue a configuração do seu sistema), escuro e claro. A escolha fica salva neste navegador.',
          ],
        },
        {
          id: 'navegadores',
          question: 'Quais navegadores são compatíveis?',
          answer: [
            'As versões atuais do Google Chrome, Microsoft Edge, Mozilla Firefox e Safari, no computador ou no celular. Se algo não funcionar, atualize o navegador e recarregue a página.',
          ],
        },
        {
          id: 'reportar-erro',
          question: 'Encontrei um erro em uma questão. Como aviso?',
          answer: [
            'Na tela da questão, clique no botão com o ícone de bandeira, escolha o tipo de erro (por exemplo, gabarito divergente ou imagem ausente) e, se quiser, descreva o problema. É preciso estar conectado para enviar o aviso.',
          ],
        },
        {
          id: 'contato-suporte',
          question: 'Como falo com o suporte?',
          answer: [
            `Use o formulário no fim desta página (é preciso estar conectado)${supportEmail ? ` ou escreva para ${supportEmail}` : ''}. Respondemos em até ${SUPPORT_REPLY_HOURS} horas.`,
          ],
        },
      ],
    },
  ];
}
