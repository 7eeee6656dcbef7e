import {
  FREE_DAILY_QUESTION_LIMIT,
  PLANS,
  PREMIUM_DAILY_INPUT_TOKENS,
  PREMIUM_DAILY_OUTPUT_TOKENS,
  PRODUCT_NAME,
  TOKEN_PACKAGE,
  durationLabel,
  PATHS,
} from '@gabarita/shared';
import { Link } from 'react-router';
import { formatInteger, formatPrice } from '@/lib/formatters';
import { questionCountLabel } from '@/domain/catalog/catalog-text';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { SupportContact } from '../components/support-contact';
import { TutorWording } from '../components/tutor-wording';
import { LEGAL_UPDATED_ON } from '../legal-dates';

function PlansTable() {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[18rem] border-collapse text-sm">
        <caption className="sr-only">Planos, duração e preço</caption>
        <thead className="bg-surface-muted text-left text-ink">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Plano
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Duração
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Preço
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line bg-surface">
          {PLANS.map((plan) => (
            <tr key={plan.id}>
              <th scope="row" className="px-4 py-2.5 text-left font-medium text-ink">
                {plan.name}
              </th>
              <td className="px-4 py-2.5">{durationLabel(plan.days)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums text-ink">
                {formatPrice(plan.priceCentavos)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'aceitacao',
    title: 'Aceitação dos termos',
    content: (
      <>
        <p>
          Estes Termos de Uso regulam o uso da plataforma {PRODUCT_NAME}, um serviço de estudos para
          concursos públicos com questões de provas anteriores e{' '}
          <TutorWording
            model="recursos de inteligência artificial"
            offline="um tutor que explica cada questão"
          />
          . Ao criar uma conta ou usar a plataforma, você declara que leu e concorda com estes
          termos e com a <Link to={PATHS.privacy.path}>Política de Privacidade</Link>.
        </p>
        <p>
          Podemos atualizar estes termos. A data da versão em vigor aparece no início desta página e
          mudanças relevantes serão informadas na plataforma.
        </p>
      </>
    ),
  },
  {
    id: 'conta',
    title: 'Conta de usuário',
    content: (
      <>
        <p>
          O cadastro pode ser feito com e-mail e senha ou com uma conta Google. No cadastro por
          e-mail, é preciso confirmar o endereço pelo link enviado antes de entrar.
        </p>
        <ul>
          <li>Você deve informar dados verdadeiros e mantê-los atualizados.</li>
          <li>
            A conta é pessoal e intransferível. Você é responsável por manter sua senha em sigilo e
            por todas as atividades feitas com a sua conta.
          </li>
          <li>
            Menores de 18 anos só podem usar a plataforma com o consentimento dos pais ou do
            responsável legal.
          </li>
        </ul>
        <p>
          A conta gratuita permite resolver {questionCountLabel(FREE_DAILY_QUESTION_LIMIT)} por dia,
          sem <TutorWording model="os recursos de inteligência artificial" offline="o tutor" />.
        </p>
      </>
    ),
  },
  {
    id: 'planos-pagamento',
    title: 'Planos e pagamento',
    content: (
      <>
        <p>
          Os planos dão acesso Premium (questões ilimitadas com gabarito,{' '}
          <TutorWording model="recursos de inteligência artificial" offline="o tutor" /> e
          estatísticas de desempenho) pelo número de dias contratado, contado a partir da
          confirmação do pagamento ou, se já houver um plano em vigor, a partir do fim dele. Os
          planos disponíveis são:
        </p>
        <PlansTable />
        <p className="mt-4">
          A cota diária <TutorWording model="de inteligência artificial" offline="do tutor" /> do
          Premium é de {formatInteger(PREMIUM_DAILY_INPUT_TOKENS)} tokens de entrada e{' '}
          {formatInteger(PREMIUM_DAILY_OUTPUT_TOKENS)} tokens de saída, renovada a cada dia. Também
          é possível comprar o pacote de tokens “{TOKEN_PACKAGE.name}”, por{' '}
          {formatPrice(TOKEN_PACKAGE.priceCentavos)}, com {formatInteger(TOKEN_PACKAGE.inputTokens)}{' '}
          tokens de entrada e {formatInteger(TOKEN_PACKAGE.outputTokens)} tokens de saída, sem prazo
          de validade.
        </p>
        <ul>
          <li>
            O pagamento é feito por PIX, em cobrança única, por meio do Mercado Pago, nosso parceiro
            de pagamentos. Para gerar a cobrança, informamos a ele o nome, o sobrenome e o CPF de
            quem paga e o e-mail da conta.
          </li>
          <li>
            Não há renovação automática nem cobrança recorrente: ao fim do período, a conta volta a
            ser gratuita até que um novo plano seja contratado.
          </li>
          <li>
            O acesso é liberado automaticamente após a confirmação do pagamento pelo parceiro de
            pagamentos. Códigos PIX não pagos no prazo exibido expiram e são cancelados; um
            pagamento que ainda assim seja confirmado depois do prazo é reconhecido e libera a
            compra normalmente.
          </li>
          <li>
            Um pagamento estornado ou contestado desfaz a compra: os dias do plano que ainda não
            foram usados e os tokens do pacote que ainda não foram gastos são retirados.
          </li>
          <li>
            Os preços podem mudar, sem afetar planos e pacotes já pagos. Seus direitos de
            consumidor, incluindo o de arrependimento previsto no Código de Defesa do Consumidor,
            são preservados.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'propriedade-intelectual',
    title: 'Propriedade intelectual',
    content: (
      <>
        <p>
          A plataforma, sua marca, seu código, seu design e os textos produzidos pela equipe{' '}
          {PRODUCT_NAME} são protegidos pela legislação de propriedade intelectual. As questões de
          demonstração foram escritas pela nossa equipe.
        </p>
        <p>
          O uso é pessoal e para fins de estudo. Não é permitido copiar, revender, distribuir ou
          extrair de forma automatizada o conteúdo da plataforma sem autorização por escrito.
        </p>
      </>
    ),
  },
  {
    id: 'inteligencia-artificial',
    title: <TutorWording model="Inteligência artificial" offline="O tutor" />,
    content: (
      <TutorWording
        offline={
          <>
            <p>
              As explicações das questões, as respostas do chat e os conteúdos didáticos são
              montados por um tutor automático a partir dos comentários e das notas de estudo da
              equipe do {PRODUCT_NAME}, do gabarito oficial, das alternativas e do texto de
              referência. O tutor não é uma inteligência artificial (não é um modelo de linguagem),
              e cada texto dele avisa isso. Os textos podem conter erros ou informações
              desatualizadas e devem ser conferidos com o gabarito oficial e com fontes de
              referência.
            </p>
            <p>
              O tutor é uma ferramenta de apoio aos estudos e não substitui professores nem
              materiais oficiais. O {PRODUCT_NAME} não garante aprovação em concursos públicos.
            </p>
          </>
        }
        model={
          <>
            <p>
              As análises de questões, o chat e os conteúdos didáticos são gerados por uma API de
              inteligência artificial generativa, sempre a partir do gabarito oficial da questão. As
              respostas podem conter erros, imprecisões ou informações desatualizadas e devem ser
              conferidas com o gabarito oficial e com fontes de referência. Enquanto nenhum modelo
              de linguagem estiver configurado, um tutor automático monta esses textos a partir do
              gabarito, das alternativas e do texto de referência, e a tela avisa que eles não são
              escritos por inteligência artificial.
            </p>
            <p>
              A inteligência artificial é uma ferramenta de apoio aos estudos e não substitui
              professores nem materiais oficiais. O {PRODUCT_NAME} não garante aprovação em
              concursos públicos.
            </p>
          </>
        }
      />
    ),
  },
  {
    id: 'privacidade',
    title: 'Privacidade',
    content: (
      <p>
        O tratamento dos seus dados pessoais segue a Lei Geral de Proteção de Dados (LGPD) e está
        descrito na nossa <Link to={PATHS.privacy.path}>Política de Privacidade</Link>.
      </p>
    ),
  },
  {
    id: 'responsabilidades',
    title: 'Responsabilidades',
    content: (
      <>
        <p>Ao usar a plataforma, você se compromete a:</p>
        <ul>
          <li>não tentar acessar contas, dados ou áreas que não sejam suas;</li>
          <li>não usar meios automatizados para sobrecarregar ou copiar o serviço;</li>
          <li>não enviar conteúdo ilegal, ofensivo ou que viole direitos de terceiros.</li>
        </ul>
        <p>
          Trabalhamos para manter o serviço disponível e as questões corretas, mas podem ocorrer
          interrupções para manutenção, falhas técnicas ou erros de conteúdo. Quando encontrar um
          erro em uma questão, use o botão de reportar erro. Contas que descumprirem estes termos
          podem ser suspensas.
        </p>
      </>
    ),
  },
  {
    id: 'disposicoes-finais',
    title: 'Disposições finais',
    content: (
      <>
        <p>
          Estes termos são regidos pelas leis brasileiras. Fica eleito o foro da comarca de Olinda,
          Pernambuco, para resolver questões relacionadas a eles, ressalvado o direito do consumidor
          de escolher o foro do seu próprio domicílio.
        </p>
        <p>
          Dúvidas sobre estes termos podem ser enviadas <SupportContact />.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Termos de Uso"
      updatedOn={LEGAL_UPDATED_ON}
      intro={
        <p>
          Leia com atenção as regras de uso do {PRODUCT_NAME}, dos planos e dos pagamentos. Em caso
          de dúvida, consulte a <Link to={PATHS.help.path}>Central de Ajuda</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
