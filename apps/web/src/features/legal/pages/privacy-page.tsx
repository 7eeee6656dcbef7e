import { PERFORMANCE_MESSAGES, PRIVACY_MESSAGES, PRODUCT_NAME, PATHS } from '@gabarita/shared';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { AiRecipient, AiTransfer } from '../components/ai-recipient';
import { TutorWording } from '../components/tutor-wording';
import { PrivacyContact } from '../components/privacy-contact';
import { RetentionDays } from '../components/retention-days';
import { PRIVACY_UPDATED_ON } from '../legal-dates';

const ACCOUNT_PAGE = <Link to={PATHS.account.path}>Gerenciar Conta</Link>;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'controlador',
    title: 'Quem trata os seus dados',
    content: (
      <>
        <p>
          O controlador dos dados pessoais tratados na plataforma é o {PRODUCT_NAME}: somos nós que
          decidimos quais dados são usados e para quê, nos termos da Lei Geral de Proteção de Dados
          Pessoais (LGPD, Lei nº 13.709/2018).
        </p>
        <p>
          Para qualquer assunto sobre os seus dados, inclusive para falar com o encarregado pelo
          tratamento de dados pessoais, escreva <PrivacyContact />. Se escrever por e-mail, use o
          endereço da sua conta, para que possamos confirmar que o pedido é seu.
        </p>
      </>
    ),
  },
  {
    id: 'dados-coletados',
    title: 'Dados que coletamos e para quê',
    content: (
      <>
        <p>Coletamos apenas os dados necessários para oferecer o serviço:</p>
        <ul>
          <li>
            <strong>Dados de cadastro:</strong> nome, e-mail, senha (guardada só como hash) e foto
            de perfil, enviada por você ou vinda da sua conta Google. Também registramos quais
            versões dos Termos de Uso e desta política você aceitou, e quando, e, se for o caso, o
            consentimento do seu responsável legal. Servem para criar e manter a sua conta, permitir
            que você entre e enviar os e-mails do serviço (confirmação de endereço, recuperação de
            senha, avisos sobre a conta).
          </li>
          <li>
            <strong>Histórico de estudos:</strong> provas e questões acessadas, respostas dadas,
            simulados, o caderno de erros e as estatísticas de desempenho calculadas a partir deles,
            para registrar o seu progresso e mostrá-lo a você.
          </li>
          <li>
            <strong>
              <TutorWording
                model="Conversas com o tutor de inteligência artificial:"
                offline="Conversas com o tutor:"
              />
            </strong>{' '}
            as mensagens que você escreve no chat de uma questão e as respostas do tutor, guardadas
            para que você retome a conversa quando voltar à questão, e quantos tokens você usou por
            dia e por recurso (explicação, chat e conteúdo didático), para controlar a sua cota.
          </li>
          <li>
            <strong>Compras:</strong> plano ou pacote comprado, valor, datas, situação do pagamento
            e o código da cobrança no Mercado Pago, para liberar o que você comprou e cumprir as
            obrigações fiscais. O nome, o sobrenome e o CPF de quem paga, informados no PIX, vão
            direto ao Mercado Pago para gerar a cobrança e não ficam guardados no {PRODUCT_NAME}.
          </li>
          <li>
            <strong>Mensagens de ajuda e reportes de erro:</strong> o texto que você envia pela
            Central de Ajuda ou pelo aviso de erro em questões, com as respostas da equipe, para
            atender você e corrigir as questões.
          </li>
          <li>
            <strong>Dados técnicos:</strong> os cookies descritos abaixo e o endereço IP de quem
            acessa, usado para limitar o número de tentativas (de entrada, cadastro, envio de
            mensagens e outras) e assim proteger as contas contra abusos e ataques.
          </li>
        </ul>
        <p>
          Não vendemos dados, não exibimos publicidade, não traçamos perfis de navegação e não
          tomamos decisões automatizadas que afetem os seus direitos.
        </p>
      </>
    ),
  },
  {
    id: 'bases-legais',
    title: 'Bases legais',
    content: (
      <>
        <p>Cada tratamento se apoia em uma das hipóteses da LGPD:</p>
        <ul>
          <li>
            <strong>execução do contrato</strong> (os Termos de Uso): a conta, o histórico de
            estudos, o tutor, a liberação de compras e o atendimento;
          </li>
          <li>
            <strong>cumprimento de obrigação legal:</strong> os registros de compras, que a
            legislação fiscal obriga a guardar;
          </li>
          <li>
            <strong>legítimo interesse:</strong> a segurança da plataforma e a prevenção de fraudes
            e abusos, como os limites de tentativas por endereço IP e o reconhecimento de
            navegadores em que você já entrou;
          </li>
          <li>
            <strong>consentimento:</strong> o do pai, da mãe ou do responsável legal de quem tem
            menos de 18 anos.
          </li>
        </ul>
      </>
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
        <p>
          Não vendemos nem alugamos dados pessoais. Eles são compartilhados somente com quem nos
          ajuda a prestar o serviço (os operadores, que tratam os dados em nosso nome e apenas para
          isso) e nos casos abaixo:
        </p>
        <ul>
          <li>
            <AiRecipient />
          </li>
          <li>
            <strong>o Mercado Pago, provedor de pagamentos PIX</strong>, que recebe o nome, o
            sobrenome e o CPF de quem paga e o e-mail da conta, para gerar e confirmar a cobrança, e
            os guarda conforme as obrigações dele;
          </li>
          <li>
            <strong>o provedor de envio de e-mails (SMTP)</strong>, que recebe o seu endereço e o
            texto das mensagens do serviço (links de confirmação e de recuperação de senha, avisos
            sobre a conta e sobre os seus dados) para entregá-las;
          </li>
          <li>
            <strong>o provedor de hospedagem</strong>, em cujos servidores funcionam a plataforma e
            o banco de dados;
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
    id: 'transferencia-internacional',
    title: 'Transferência internacional',
    content: (
      <>
        <AiTransfer />
        <p>
          Se outro fornecedor da lista acima tratar dados fora do país, isso também acontece apenas
          para prestar o serviço a você e com as garantias que a LGPD exige.
        </p>
      </>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos os dados',
    content: (
      <>
        <ul>
          <li>
            <strong>Conta, histórico de estudos, mensagens de ajuda e reportes:</strong> enquanto a
            conta existir. Quando você exclui a conta, eles são apagados na hora.
          </li>
          <li>
            <strong>Sessões:</strong> 30 dias a partir do último uso, ou até você sair.
          </li>
          <li>
            <strong>Links e códigos enviados por e-mail:</strong> até serem usados ou vencerem. O
            link de redefinição de senha vale 1 hora; o de confirmação do e-mail, 3 dias; o de
            alteração de e-mail, 24 horas; e o código de exclusão da conta, 15 minutos.
          </li>
          <li>
            <strong>Conversas com o tutor:</strong> <RetentionDays kind="aiChats" /> a partir de
            cada mensagem; depois disso, são apagadas automaticamente.
          </li>
          <li>
            <strong>Arquivos de &ldquo;{PRIVACY_MESSAGES.exportButton}&rdquo;:</strong> 24 horas
            depois de ficarem prontos.
          </li>
          <li>
            <strong>Navegadores conhecidos:</strong> o registro de um navegador em que você entrou é
            apagado dos nossos servidores depois de 400 dias sem uso.
          </li>
          <li>
            <strong>Contadores de tentativas</strong> (com o endereço IP): apagados até um dia
            depois do fim da janela de contagem.
          </li>
          <li>
            <strong>Caixa de saída de desenvolvimento:</strong> só existe quando o servidor funciona
            sem um provedor de e-mail (SMTP), como em instalações de teste e demonstração. Nesse
            caso, as mensagens que seriam enviadas por e-mail, com os links delas, ficam numa página
            acessível apenas no próprio servidor, por <RetentionDays kind="devOutbox" />. Com um
            provedor de e-mail configurado, nada fica guardado nela.
          </li>
          <li>
            <strong>Compras:</strong> por 5 anos depois da exclusão da conta, como exige a
            legislação fiscal, mas sem o seu nome nem o seu e-mail: a conta é substituída por um
            pseudônimo (&ldquo;conta-excluida-&hellip;&rdquo;).
          </li>
        </ul>
        <p>
          Explicações e conteúdos didáticos{' '}
          <TutorWording model="gerados pela inteligência artificial" offline="do tutor" /> sobre as
          questões não contêm dados pessoais: continuam no acervo da plataforma, sem ligação com
          quem os pediu.
        </p>
      </>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos e como exercê-los',
    content: (
      <>
        <p>
          A LGPD (art. 18) garante a você os direitos abaixo. A maior parte pode ser exercida
          diretamente na plataforma, em {ACCOUNT_PAGE}:
        </p>
        <ul>
          <li>
            <strong>Confirmação da existência de tratamento e acesso aos dados:</strong> use &ldquo;
            {PRIVACY_MESSAGES.exportButton}&rdquo; em {ACCOUNT_PAGE}. Você recebe um arquivo .zip
            com tudo o que a sua conta guarda e um e-mail quando ele estiver pronto.
          </li>
          <li>
            <strong>Portabilidade:</strong> o mesmo arquivo traz os dados em formatos abertos (JSON
            e CSV), que podem ser levados a outro serviço.
          </li>
          <li>
            <strong>Correção:</strong> nome e foto podem ser alterados no painel que abre pelo botão
            &ldquo;Conta&rdquo;, no alto da página; o e-mail, em &ldquo;
            {PRIVACY_MESSAGES.emailChangeTitle}&rdquo;, em {ACCOUNT_PAGE}. Nas contas Google, esses
            dados vêm do Google e são corrigidos lá.
          </li>
          <li>
            <strong>Eliminação:</strong> &ldquo;{PRIVACY_MESSAGES.deleteButton}&rdquo;, em{' '}
            {ACCOUNT_PAGE}, apaga a conta e os dados ligados a ela, exceto os registros de compras
            que a lei obriga a guardar (veja o prazo acima). Para apagar só o histórico de estudos,
            use &ldquo;{PERFORMANCE_MESSAGES.resetButton}&rdquo;, em{' '}
            <Link to={PATHS.performance.path}>Meu Desempenho</Link>.
          </li>
          <li>
            <strong>Anonimização, bloqueio ou eliminação de dados desnecessários:</strong> se você
            entender que tratamos algum dado sem necessidade, escreva <PrivacyContact />.
          </li>
          <li>
            <strong>Informação sobre compartilhamento:</strong> a seção &ldquo;Compartilhamento de
            dados&rdquo; desta política lista com quem os dados são compartilhados; para mais
            detalhes, escreva <PrivacyContact />.
          </li>
          <li>
            <strong>Revogação do consentimento:</strong> o responsável legal de quem tem menos de 18
            anos pode revogar o consentimento escrevendo <PrivacyContact /> ou excluindo a conta.
          </li>
          <li>
            <strong>Reclamação à autoridade:</strong> você pode apresentar reclamação à Autoridade
            Nacional de Proteção de Dados (ANPD), em{' '}
            <a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer">
              gov.br/anpd
            </a>
            .
          </li>
        </ul>
        <p>
          Para qualquer outro pedido, escreva <PrivacyContact />. Respondemos em até 15 dias, como
          prevê a lei.
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
            códigos de sessão e dos links enviados por e-mail guardados apenas como hash, de modo
            que nem quem lê o banco de dados consegue usá-los;
          </li>
          <li>
            sessões mantidas em cookies HttpOnly, que não podem ser lidos por scripts da página;
          </li>
          <li>comunicação criptografada (HTTPS) entre o seu navegador e os nossos servidores;</li>
          <li>limites de tentativas contra quem tenta adivinhar senhas ou códigos;</li>
          <li>
            acesso aos dados restrito a quem precisa deles para operar o serviço, com registro das
            ações da equipe sobre as contas.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'menores',
    title: 'Menores de 18 anos',
    content: (
      <p>
        Quem tem menos de 18 anos só pode usar o {PRODUCT_NAME} com o consentimento do pai, da mãe
        ou do responsável legal. Ao criar a conta, ou ao aceitar uma nova versão dos documentos,
        marque a opção que declara esse consentimento; ele fica registrado com a data. O responsável
        pode pedir acesso aos dados ou a exclusão da conta escrevendo <PrivacyContact />.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta política',
    content: (
      <>
        <p>
          Esta política pode ser atualizada. A data da versão em vigor aparece no início da página.
          Quando ela ou os <Link to={PATHS.terms.path}>Termos de Uso</Link> mudarem, na próxima vez
          que você usar a plataforma pediremos que leia e aceite a nova versão antes de continuar.
          Os documentos que você aceitou, com a versão e a data, aparecem em {ACCOUNT_PAGE}.
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
          Esta política explica quais dados pessoais o {PRODUCT_NAME} coleta, para que eles são
          usados, com quem são compartilhados, por quanto tempo ficam guardados e como você pode
          exercer os seus direitos previstos na Lei Geral de Proteção de Dados Pessoais (LGPD).
        </p>
      }
      sections={SECTIONS}
    />
  );
}
