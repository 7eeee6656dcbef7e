import { SUPPORT_MESSAGES, SUPPORT_REPLY_HOURS, countLabel, PATHS } from '@gabarita/shared';
import { Clock, FileText, Mail, MessageCircleQuestion, Search, ShieldCheck, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { INPUT_CLASSES } from '@/components/ui/field-styles';
import { Page } from '@/components/ui/page';
import { useSupportEmail, useTutorInfo } from '@/domain/app-info';
import { ContactForm } from '../components/contact-form';
import { FaqList } from '../components/faq-list';
import { entryTexts, faqCategories } from '../faq-content';
import { matchesAll, searchTerm } from '../search-match';

function useFaqSearch(query: string, supportEmail: string | null, languageModel: boolean) {
  const { term, categories } = useMemo(() => {
    const all = faqCategories(supportEmail, languageModel);
    const found = searchTerm(
      query,
      all.flatMap((category) => category.entries.flatMap(entryTexts)),
    );
    return {
      term: found,
      categories: all
        .map((category) => ({
          ...category,
          entries: category.entries.filter((entry) => matchesAll(entryTexts(entry), found)),
        }))
        .filter((category) => category.entries.length > 0),
    };
  }, [query, supportEmail, languageModel]);
  const count = categories.reduce((total, category) => total + category.entries.length, 0);
  return { term, categories, count };
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div role="search" className="relative">
      <label htmlFor={id} className="sr-only">
        Buscar nas perguntas frequentes
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Buscar por palavra-chave, ex.: PIX, tokens, senha"
        autoComplete="off"
        className={`${INPUT_CLASSES} h-12 pr-11 pl-11 text-[15px] [&::-webkit-search-cancel-button]:hidden`}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Limpar busca"
          className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

function ContactAside({ supportEmail }: { supportEmail: string | null }) {
  return (
    <div className="space-y-5 text-sm leading-6 text-ink-muted">
      {supportEmail && (
        <div className="flex gap-3">
          <Mail className="mt-0.5 size-5 shrink-0 text-primary-ink" aria-hidden="true" />
          <p>
            Prefere e-mail? Escreva para
            <br />
            <a
              href={`mailto:${supportEmail}`}
              className="rounded font-medium break-words text-primary-ink underline-offset-2 hover:underline"
            >
              {supportEmail}
            </a>
          </p>
        </div>
      )}
      <div className="flex gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-primary-ink" aria-hidden="true" />
        <p>Respondemos em até {SUPPORT_REPLY_HOURS} horas.</p>
      </div>
      <div className="border-t border-line pt-5">
        <p className="font-medium text-ink">Documentos</p>
        <ul className="mt-2 space-y-2">
          <li>
            <Link
              to={PATHS.terms.path}
              className="inline-flex items-center gap-2 rounded font-medium text-primary-ink hover:underline"
            >
              <FileText className="size-4" aria-hidden="true" />
              Termos de Uso
            </Link>
          </li>
          <li>
            <Link
              to={PATHS.privacy.path}
              className="inline-flex items-center gap-2 rounded font-medium text-primary-ink hover:underline"
            >
              <ShieldCheck className="size-4" aria-hidden="true" />
              Política de Privacidade
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}

export default function HelpPage() {
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const supportEmail = useSupportEmail();
  const languageModel = useTutorInfo()?.languageModel ?? true;
  const { term, categories, count } = useFaqSearch(query, supportEmail, languageModel);

  return (
    <Page
      title="Central de Ajuda"
      description="Encontre respostas sobre conta, planos, pagamentos e recursos do Gabarita. Se a sua dúvida não estiver aqui, fale com o suporte no fim da página."
    >
      <SearchBox value={query} onChange={setQuery} />
      <p aria-live="polite" className="sr-only">
        {term.folded ? countLabel(count, 'pergunta encontrada', 'perguntas encontradas') : ''}
      </p>

      <div className="mt-8">
        {count > 0 ? (
          <FaqList
            categories={categories}
            term={term}
            openId={openId}
            onToggle={(id) => setOpenId((current) => (current === id ? null : id))}
          />
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
            <Search className="size-6 text-ink-muted" aria-hidden="true" />
            <p className="mt-3 max-w-md text-sm leading-6 break-words text-ink-muted">
              {SUPPORT_MESSAGES.helpNoResults(query.trim())}
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              Tente outra palavra ou envie sua dúvida pelo formulário abaixo.
            </p>
          </div>
        )}
      </div>

      <Card as="section" padding="none" aria-labelledby="contato" className="mt-12">
        <div className="border-b border-line px-5 py-4 sm:px-6">
          <h2 id="contato" className="flex items-center gap-2.5 text-base font-semibold text-ink">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
              <MessageCircleQuestion className="size-4" aria-hidden="true" />
            </span>
            Ainda precisa de ajuda?
          </h2>
        </div>
        <div className="grid gap-8 px-5 py-5 sm:px-6 sm:py-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <ContactForm />
          <ContactAside supportEmail={supportEmail} />
        </div>
      </Card>
    </Page>
  );
}
