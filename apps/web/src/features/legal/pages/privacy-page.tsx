import { PRODUCT_NAME } from '@gabarita/shared';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { AiRecipient } from '../components/ai-recipient';
import { SupportContact } from '../components/support-contact';
import { PRIVACY_UPDATED_ON } from '../legal-dates';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'dados-coletados',
    title: 'Dados que coletamos',
    content: (
      <>
        <p>Coletamos apenas os dados necessários para oferecer o serviço:</p>
        <ul>
          <li>
            <strong>Dados de cadastro:</strong> nome, e-mail e foto de perfil (enviada por você ou
            vinda da sua conta Google).
          </li>
          <li>
            <strong>Histórico de estudos:</strong> provas e questões acessadas, respostas dadas e as
            estatísticas de desempenho calculadas a partir delas.
          </li>
          <li>
            <strong>Registros de pagamento:</strong> plano ou pacote comprado, valor, data e
            situação do pagamento. Os dados do pagador informados no PIX (nome, sobrenome e CPF) são
            enviados ao provedor de pagamentos para gerar a cobrança e não ficam guardados na
            plataforma.
          </li>
          <li>
            <strong>Uso da inteligência artificial:</strong> quantos tokens você usou por dia e por
            recurso (explicação, chat e conteúdo didático). As conversas do chat não são guardadas:
            ficam apenas na tela da questão enquanto ela está aberta.
          </li>
          <li>
            <strong>Mensagens ao suporte:</strong> o texto que você envia pela Central de Ajuda ou
            pelo aviso de erro em questões.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'uso-dos-dados',
    title: 'Como usamos os dados',
    content: (
      <ul>
        <li>criar e manter sua conta e permitir o acesso;</li>
        <li>registrar seu progresso e mostrar suas estatísticas;</li>
        <li>liberar planos e pacotes após a confirmação do pagamento;</li>
        <li>responder às suas mensagens e corrigir erros apontados nas questões;</li>
        <li>cumprir obrigações legais e prevenir fraudes.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e rastreamento',
    content: (
      <>
        <p>
          Usamos somente os cookies necessários para o funcionamento e a segurança da conta. Todos
          são HttpOnly (não podem ser lidos por scripts da página), são enviados apenas aos nossos
          servidores e guardam só um código aleatório, sem dados pessoais:
        </p>
        <ul>
          <li>
            <strong>
              <code>gabarita_session</code> (sessão):
            </strong>{' '}
            mantém você conectado. É criado quando você entra, vale por 30 dias a partir do último
            uso da plataforma e é apagado quando você clica em &ldquo;Sair&rdquo;.
          </li>
          <li>
            <strong>
              <code>gabarita_browser</code> (navegador conhecido):
            </strong>{' '}
            identifica este navegador depois que você entra com e-mail e senha. Se alguém errar
            muitas vezes a senha da sua conta, novas tentativas ficam bloqueadas por um tempo, mas
            não as feitas de um navegador em que você já entrou antes: assim, um estranho não
            consegue impedir o seu acesso. Dura um ano a partir da primeira entrada neste navegador
            e continua guardado depois que você sai; nos nossos servidores fica apenas o hash do
            código, ligado às contas que entraram por ele.
          </li>
          <li>
            <strong>
              <code>gabarita_google</code> (entrada com o Google):
            </strong>{' '}
            criado quando você escolhe entrar com o Google, para confirmar que a resposta do Google
            volta ao mesmo navegador que começou a entrada (uma proteção contra fraudes). Dura no
            máximo 10 minutos e é apagado assim que a entrada termina.
          </li>
        </ul>
        <p>
          Não usamos cookies de rastreamento, ferramentas de análise de terceiros nem publicidade, e
          não traçamos perfis de navegação.
        </p>
        <p>
          Além dos cookies, a plataforma guarda alguns itens no armazenamento do seu próprio
          navegador. Eles não são cookies: servem só para o funcionamento das telas e não acompanham
          as requisições aos nossos servidores. Estes ficam até você limpar os dados do site no
          navegador (armazenamento local):
        </p>
        <ul>
          <li>
            <strong>
              <code>gabarita.theme</code>:
            </strong>{' '}
            o tema escolhido, claro ou escuro (sem ele, o tema segue o do seu sistema);
          </li>
          <li>
            <strong>
              <code>gabarita.menuOpen</code>:
            </strong>{' '}
            se o menu lateral fica aberto ou fechado em telas largas;
          </li>
          <li>
            <strong>
              <code>gabarita.desempenho.visao</code>:
            </strong>{' '}
            se &ldquo;Meu Desempenho&rdquo; mostra gráficos ou tabela;
          </li>
          <li>
            <strong>
              <code>gabarita.fonte</code>:
            </strong>{' '}
            um aviso de que a fonte do site já foi baixada, para usá-la desde o início nas próximas
            visitas;
          </li>
          <li>
            <strong>
              <code>gabarita.simulado.</code> seguido do código do simulado:
            </strong>{' '}
            durante um simulado, as alternativas marcadas que ainda não chegaram aos nossos
            servidores, para que nada se perca se a conexão cair ou a página for recarregada. Cada
            resposta é enviada assim que possível e apagada do navegador quando o servidor a recebe.
          </li>
        </ul>
        <p>Estes ficam só até você fechar a aba (armazenamento da sessão):</p>
        <ul>
          <li>
            <strong>
              <code>gabarita.filtro.</code> seguido do nome do filtro:
            </strong>{' '}
            os filtros escolhidos na lista de provas (cargo, instituição, ano, órgão, nível,
            disciplina e assunto);
          </li>
          <li>
            <strong>
              <code>gabarita.escolha.</code> seguido do código da questão:
            </strong>{' '}
            a alternativa marcada quando o limite diário da conta gratuita impediu a verificação do
            gabarito, para que ela continue marcada quando você voltar à questão, por exemplo depois
            de contratar um plano.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Compartilhamento de dados',
    content: (
      <>
        <p>Não vendemos nem alugamos dados pessoais. Eles são compartilhados somente com:</p>
        <ul>
          <li>
            <strong>o Mercado Pago, provedor de pagamentos PIX</strong>, que recebe o nome, o
            sobrenome e o CPF de quem paga e o e-mail da conta, para gerar e confirmar a cobrança;
          </li>
          <li>
            <AiRecipient />
          </li>
          <li>
            <strong>o Google</strong>, quando você escolhe entrar com a sua conta Google, para
            confirmar sua identidade.
          </li>
        </ul>
        <p>
          Os dados também podem ser fornecidos a autoridades quando houver obrigação legal ou ordem
          judicial.
        </p>
      </>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos os dados',
    content: (
      <p>
        Os dados são mantidos enquanto a sua conta estiver ativa. Se você pedir a exclusão da conta,
        eles são apagados, exceto os registros que a lei obriga a guardar, como os de pagamento,
        pelo prazo legal.
      </p>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos (LGPD)',
    content: (
      <>
        <p>
          De acordo com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), você pode solicitar:
        </p>
        <ul>
          <li>confirmação de que tratamos seus dados e acesso a eles;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>exclusão dos dados tratados com base no seu consentimento;</li>
          <li>portabilidade dos dados a outro fornecedor;</li>
          <li>informação sobre com quem seus dados são compartilhados;</li>
          <li>revogação do consentimento.</li>
        </ul>
        <p>
          Para exercer esses direitos, escreva <SupportContact /> a partir do e-mail da sua conta.
          Nome e foto também podem ser alterados no painel de perfil. Responderemos no prazo
          previsto em lei.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    content: (
      <>
        <p>Adotamos medidas técnicas para proteger seus dados, entre elas:</p>
        <ul>
          <li>
            senhas guardadas apenas na forma de hash com o algoritmo argon2id, nunca em texto;
          </li>
          <li>
            sessões mantidas em cookies HttpOnly, que não podem ser lidos por scripts da página;
          </li>
          <li>comunicação criptografada (HTTPS) entre o seu navegador e os nossos servidores;</li>
          <li>acesso aos dados restrito a quem precisa deles para operar o serviço.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'contato',
    title: 'Contato e alterações',
    content: (
      <>
        <p>
          Dúvidas sobre esta política ou sobre seus dados podem ser enviadas <SupportContact />.
        </p>
        <p>
          Esta política pode ser atualizada. A data da versão em vigor aparece no início da página.
          O uso da plataforma também é regido pelos <Link to="/termos">Termos de Uso</Link>.
        </p>
      </>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Política de Privacidade"
      updatedOn={PRIVACY_UPDATED_ON}
      intro={
        <p>
          Esta política explica quais dados pessoais o {PRODUCT_NAME} coleta, como eles são usados,
          com quem são compartilhados e como você pode exercer seus direitos.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
