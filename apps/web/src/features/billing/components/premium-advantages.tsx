import { PREMIUM_DAILY_INPUT_TOKENS, PREMIUM_DAILY_OUTPUT_TOKENS } from '@gabarita/shared';
import { Check } from 'lucide-react';
import { formatInteger } from '@/lib/formatters';

const ADVANTAGES = [
  'Questões ilimitadas, com gabarito',
  'Explicação da Inteligência Artificial para cada questão',
  'Explicações já geradas disponíveis sem gastar tokens',
  'Chat com a Inteligência Artificial sobre a questão',
  'Conteúdo didático gerado pela Inteligência Artificial por assunto',
  `Cota diária de ${formatInteger(PREMIUM_DAILY_INPUT_TOKENS)} tokens de entrada e ${formatInteger(PREMIUM_DAILY_OUTPUT_TOKENS)} de saída`,
  'Estatísticas de desempenho por disciplina e assunto',
] as const;

export function PremiumAdvantages() {
  return (
    <section aria-labelledby="vantagens-premium">
      <h2 id="vantagens-premium" className="text-lg font-semibold text-ink">
        Vantagens do Premium
      </h2>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {ADVANTAGES.map((advantage) => (
          <li key={advantage} className="flex items-start gap-2 text-sm leading-6 text-ink">
            <Check className="mt-1 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
            {advantage}
          </li>
        ))}
      </ul>
    </section>
  );
}
