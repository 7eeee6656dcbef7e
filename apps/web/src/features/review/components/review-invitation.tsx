import { STUDY_TOOLS_MESSAGES } from '@gabarita/shared';
import { CalendarClock, NotebookPen, RotateCcw } from 'lucide-react';
import { PremiumInvitationCard } from '@/domain/plans/premium-invitation-card';

const FEATURES = [
  { icon: NotebookPen, text: 'Toda questão que você errar entra no caderno, sozinha' },
  { icon: RotateCcw, text: 'Refaça cada questão do zero, sem ver a resposta anterior' },
  {
    icon: CalendarClock,
    text: 'Cada questão volta no dia certo para você lembrar dela na prova, com cartões de revisão',
  },
] as const;

/** Free accounts: what the mistakes notebook does, and the way to the plans. */
export function ReviewInvitation() {
  return (
    <PremiumInvitationCard
      id="convite-caderno"
      title="Transforme seus erros em acertos na prova"
      message={STUDY_TOOLS_MESSAGES.reviewPremiumOnly}
      features={FEATURES}
    />
  );
}
