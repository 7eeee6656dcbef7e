import type { QuestionDetail } from '@gabarita/shared';
import { Coins, MessageSquare, Sparkles } from 'lucide-react';
import type { CheckedAnswer } from './alternatives-group';
import { ComingSoonPanel } from './coming-soon-panel';

const PREMIUM_SOON = 'Disponível em breve para assinantes Premium.';

interface TutorSlotProps {
  question: QuestionDetail;
  /** The checked answer of this visit: the tutor speaks only after a check. */
  answer: CheckedAnswer | null;
}

/** The AI tutor's place in the viewer: explanation, chat and token counter. */
export function TutorSlot(_props: TutorSlotProps) {
  return (
    <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
      <ComingSoonPanel icon={Sparkles} title="Explicação com IA" note={PREMIUM_SOON} />
      <ComingSoonPanel icon={MessageSquare} title="Chat com a IA" note={PREMIUM_SOON} />
      <ComingSoonPanel icon={Coins} title="Contador de tokens" note={PREMIUM_SOON} />
    </div>
  );
}
