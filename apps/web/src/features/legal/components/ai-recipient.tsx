import { useTutorInfo } from '@/domain/app-info';

/**
 * Who receives the question's text and the chat messages, as this server is set up: the privacy
 * policy names only what exists.
 */
export function AiRecipient() {
  const tutor = useTutorInfo();
  if (tutor?.provider === 'offline') {
    return (
      <>
        <strong>nenhum provedor de inteligência artificial</strong>, por enquanto: o tutor deste
        serviço funciona nos nossos próprios servidores e nada do que você pede a ele sai deles;
      </>
    );
  }
  const who =
    tutor?.provider === 'gemini'
      ? 'o Google, por meio da API Gemini'
      : 'o provedor de modelo de linguagem contratado pela equipe';
  return (
    <>
      <strong>{who}</strong>, que recebe o conteúdo da questão (enunciado, alternativas, gabarito,
      texto de referência e imagem com sua descrição) e as mensagens que você escreve no chat, para
      gerar as explicações, as respostas e os conteúdos didáticos. Seu nome, e-mail e CPF nunca são
      enviados;
    </>
  );
}

/** Whether what the tutor is given may leave Brazil, as this server is set up. */
export function AiTransfer() {
  const tutor = useTutorInfo();
  if (tutor?.provider === 'offline') {
    return (
      <p>
        Hoje o tutor deste serviço funciona nos nossos próprios servidores, e nada do que você pede
        a ele é enviado a um provedor de inteligência artificial.
      </p>
    );
  }
  return (
    <p>
      O provedor de inteligência artificial pode processar o conteúdo das questões e as mensagens do
      chat em servidores fora do Brasil. Essa transferência internacional acontece somente para
      atender ao que você pediu (a explicação, a resposta do chat ou o conteúdo didático), como
      permite a LGPD, e nunca inclui seu nome, e-mail ou CPF.
    </p>
  );
}
