import { PRIVACY_MESSAGES, type MeResponse } from '@gabarita/shared';
import { Archive, Eraser, Trash2, UserX, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SectionCard } from './section-card';

const ERASED: ReactNode[] = [
  'Nome, e-mail, foto e senha.',
  'As sessões abertas em todos os aparelhos.',
  'O histórico de respostas, os simulados e o caderno de erros.',
  'O tempo que resta do plano e os tokens de pacotes: eles se perdem e esta exclusão não os reembolsa.',
  'As conversas com o tutor.',
  'Os erros reportados e as mensagens enviadas à ajuda.',
  'Os aceites de termos e os avisos da conta.',
];

const KEPT: ReactNode[] = [
  <>
    <strong className="font-semibold text-ink">As compras</strong> (produto, preço, datas, situação
    do pagamento e o código do pagamento no Mercado Pago), por 5 anos, como exige a lei fiscal, sob
    um pseudônimo, sem nome nem e-mail. O nome e o CPF de quem pagou ficam com o Mercado Pago, não
    com o Gabarita.
  </>,
  <>
    <strong className="font-semibold text-ink">As explicações e os textos de estudo</strong> que a
    conta gerou continuam no catálogo compartilhado, sem ligação com a conta.
  </>,
  <>
    <strong className="font-semibold text-ink">As estatísticas de respostas</strong> de cada questão
    mantêm suas contagens, sem identificar ninguém.
  </>,
];

function Consequences({
  title,
  icon: Icon,
  items,
  tone,
}: {
  title: string;
  icon: LucideIcon;
  items: ReactNode[];
  tone: 'erased' | 'kept';
}) {
  const headingId = useId();
  return (
    <div
      className={`min-w-0 rounded-xl border px-4 py-3 ${
        tone === 'erased'
          ? 'border-red-200 bg-red-50/60 dark:border-red-900/70 dark:bg-red-950/30'
          : 'border-line bg-surface-muted/60'
      }`}
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Icon
          className={`size-4 ${tone === 'erased' ? 'text-red-700 dark:text-red-300' : 'text-ink-muted'}`}
          aria-hidden="true"
        />
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6">
        {items.map((item, index) => (
          <li key={index} className="text-ink marker:text-ink-muted">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Excluir minha conta': what goes now and what stays, and why, before the button that asks for
 * the proof (docs/product-rules.md, "Personal data and the LGPD").
 */
export function DeleteAccountSection({ me }: { me: MeResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={PRIVACY_MESSAGES.deleteTitle} icon={UserX} tone="danger">
      <p className="max-w-prose text-sm leading-6 text-ink-muted">
        A exclusão é definitiva e não pode ser desfeita. Depois, o mesmo e-mail pode criar uma conta
        nova, que começa do zero.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Consequences title="Apagado na hora" icon={Eraser} items={ERASED} tone="erased" />
        <Consequences title="Guardado, e por quê" icon={Archive} items={KEPT} tone="kept" />
      </div>
      <Button variant="danger" icon={Trash2} onClick={() => setOpen(true)} className="mt-5">
        {PRIVACY_MESSAGES.deleteButton}
      </Button>
      <DeleteAccountDialog open={open} me={me} onClose={() => setOpen(false)} />
    </SectionCard>
  );
}
