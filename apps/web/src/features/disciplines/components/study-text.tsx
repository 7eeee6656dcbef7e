import { AI_MESSAGES } from '@gabarita/shared';
import { BookOpenText, GraduationCap, RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TutorPanelTitle, TutorTextBody } from '@/domain/tutor/tutor-text';
import { useTutorInfo } from '@/domain/app-info';
import { formatInteger } from '@/lib/formatters';
import { subscriptionLimitTarget } from '@/domain/plans/subscription-reason';
import { useTokens } from '@/domain/tutor/tokens';
import { useTutorText } from '@/domain/tutor/use-tutor-text';

interface Subject {
  name: string;
  questionCount: number;
}

interface StudyTextProps {
  disciplina: string;
  assunto: string;
  subjects: readonly Subject[];
  /** Opened from 'Estudar com IA': the text is asked for at once. */
  autoStart: boolean;
  onStudy: (assunto: string) => void;
}

/**
 * A study text for the chosen discipline and subject (concepts, what the exam boards ask, common
 * traps, worked examples from the catalogue), stored and shared once written. Without a subject,
 * the subjects to choose from, each with 'Estudar com IA'.
 */
export function StudyText({ disciplina, assunto, subjects, autoStart, onStudy }: StudyTextProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const tutor = useTutorInfo();
  const entitled = useTokens().data?.canUseAi ?? false;
  const study = useTutorText(returnTo);
  const { state, request } = study;
  const started = useRef(false);
  const ai = tutor?.languageModel ?? true;
  const studyLabel = ai ? AI_MESSAGES.studyWithAi : AI_MESSAGES.studyOffline;

  const generate = (regenerate = false) => {
    if (!entitled) {
      const target = subscriptionLimitTarget('ai_limit', returnTo);
      void navigate(target.to, { state: target.state });
      return;
    }
    void request('/didactic-content', { disciplina, assunto, regenerate });
  };

  useEffect(() => {
    if (!autoStart || !assunto || !entitled || started.current) return;
    started.current = true;
    void request('/didactic-content', { disciplina, assunto });
  }, [autoStart, assunto, disciplina, entitled, request]);

  return (
    <Card as="section" aria-labelledby="conteudo-didatico" aria-busy={state.status === 'loading'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TutorPanelTitle id="conteudo-didatico" icon={GraduationCap}>
          {ai ? 'Conteúdo didático com IA' : 'Conteúdo didático do tutor offline'}
        </TutorPanelTitle>
        {assunto && state.status === 'idle' && (
          <Button icon={Sparkles} onClick={() => generate()}>
            {ai ? AI_MESSAGES.generateContent : AI_MESSAGES.generateContentOffline}
          </Button>
        )}
        {/* The offline tutor would write the same text again: nothing to regenerate. */}
        {state.status === 'shown' && tutor?.languageModel && (
          <Button variant="secondary" size="sm" icon={RefreshCw} onClick={() => generate(true)}>
            Gerar novamente
          </Button>
        )}
      </div>

      {!assunto ? (
        <>
          <p className="mt-3 text-sm leading-6 text-ink-muted">
            Escolha um assunto para receber um texto de estudo: conceitos, o que as bancas cobram,
            pegadinhas comuns e exemplos resolvidos com questões do catálogo.
          </p>
          <ul aria-label="Assuntos da disciplina" className="mt-4 divide-y divide-line">
            {subjects.map((subject) => (
              <li key={subject.name} className="flex items-center justify-between gap-3 py-2.5">
                <span className="min-w-0 text-sm text-ink">
                  {subject.name}{' '}
                  <span className="text-ink-muted">({formatInteger(subject.questionCount)})</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={BookOpenText}
                  onClick={() => onStudy(subject.name)}
                  aria-label={`${studyLabel}: ${subject.name}`}
                >
                  {studyLabel}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="mt-4 space-y-3">
          {state.status === 'idle' && (
            <p className="text-sm leading-6 text-ink-muted">
              Gere um texto de estudo sobre <strong className="text-ink">{assunto}</strong>.
              {!entitled && ' Disponível no Premium ou com um pacote de tokens.'}
            </p>
          )}
          <TutorTextBody
            state={state}
            tutor={tutor}
            writingLabel={ai ? 'A IA está escrevendo o conteúdo...' : 'Montando o conteúdo...'}
            failedText={AI_MESSAGES.contentFailed}
            onRetry={() => generate()}
          />
        </div>
      )}
    </Card>
  );
}
