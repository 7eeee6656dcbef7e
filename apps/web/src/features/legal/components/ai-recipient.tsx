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
