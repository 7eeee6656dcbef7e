import { PREMIUM_DAILY_INPUT_TOKENS, PREMIUM_DAILY_OUTPUT_TOKENS } from '@gabarita/shared';
import { Check } from 'lucide-react';
import { formatInteger } from '@/lib/formatters';
import { useTutorInfo } from '@/domain/app-info';

const QUOTA = `Cota diária de ${formatInteger(PREMIUM_DAILY_INPUT_TOKENS)} tokens de entrada e ${formatInteger(PREMIUM_DAILY_OUTPUT_TOKENS)} de saída`;
const COMMENTS = 'Comentário da equipe em cada alternativa, com o fundamento (lei, artigo, súmula)';

/** With a language model, the product's list; without one, nothing it does not do is offered. */
function advantages(languageModel: boolean) {
  return languageModel
    ? [
        'Questões ilimitadas, com gabarito',
        COMMENTS,
        'Explicação da Inteligência Artificial para cada questão',
        'Explicações já geradas disponíveis sem gastar tokens',
        'Chat com a Inteligência Artificial sobre a questão',
        'Conteúdo didático gerado pela Inteligência Artificial por assunto',
        QUOTA,
        'Estatísticas de desempenho por disciplina e assunto',
      ]
    : [
        'Questões ilimitadas, com gabarito',
        COMMENTS,
        'Perguntas ao tutor sobre cada questão, respondidas a partir do comentário',
        'Textos de estudo por assunto, das notas da equipe e de questões comentadas',
        QUOTA,
        'Estatísticas de desempenho por disciplina e assunto',
      ];
}

export function PremiumAdvantages() {
  const tutor = useTutorInfo();
  return (
    <section aria-labelledby="vantagens-premium">
      <h2 id="vantagens-premium" className="text-lg font-semibold text-ink">
        Vantagens do Premium
      </h2>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {advantages(tutor?.languageModel ?? true).map((advantage) => (
          <li key={advantage} className="flex items-start gap-2 text-sm leading-6 text-ink">
            <Check className="mt-1 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
            {advantage}
          </li>
        ))}
      </ul>
    </section>
  );
}
