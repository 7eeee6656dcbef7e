import {
  CONTENT_UPLOAD_MAX_BYTES,
  CONTENT_UPLOAD_MESSAGES,
  type ContentRemoval,
  countLabel,
  plural,
} from '@gabarita/shared';
import { FileCheck2, Upload } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import {
  ImportFailure,
  useCheckCatalog,
  useImportCatalog,
  type ImportOptions,
} from '../api/content-import-api';
import { ProblemReport } from '../components/problem-report';

const CHECK_FAILED = 'Não foi possível verificar o arquivo. Tente novamente.';
const IMPORT_FAILED = 'Não foi possível importar o catálogo. Tente novamente.';

const NO_OPTIONS: ImportOptions = {
  aceitarRascunhos: false,
  sobrescreverEdicoes: false,
  renomearDisciplinas: false,
  permitirRemocoes: false,
};

const OPTION_LABELS: [keyof ImportOptions, string][] = [
  ['aceitarRascunhos', 'Importar comentários em rascunho já revisados'],
  ['sobrescreverEdicoes', 'Substituir questões editadas no console'],
  ['renomearDisciplinas', 'Permitir renomear disciplinas'],
  ['permitirRemocoes', 'Retirar do catálogo as questões que não estão no arquivo'],
];

const FILE_INPUT_CLASSES =
  'block w-full rounded-lg border border-line bg-surface text-sm text-ink shadow-xs file:mr-3 file:h-11 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-surface-muted file:px-4 file:text-sm file:font-medium file:text-ink hover:file:bg-line/60 focus-visible:outline-2 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:opacity-70 aria-invalid:border-red-500 dark:aria-invalid:border-red-400';

/** What is wrong with the chosen file before sending it, or null. */
function fileProblem(file: File | null): string | null {
  if (!file) return CONTENT_UPLOAD_MESSAGES.missingFile;
  if (!/\.zip$/i.test(file.name)) return CONTENT_UPLOAD_MESSAGES.notZip;
  if (file.size > CONTENT_UPLOAD_MAX_BYTES) return CONTENT_UPLOAD_MESSAGES.tooLarge;
  return null;
}

function formatSize(bytes: number): string {
  const format = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  return `${format(Math.max(bytes, 1) / 1024)} KB`;
}

/** The server's lines, each message line on its own. */
const splitLines = (lines: readonly string[]) => lines.flatMap((line) => line.split('\n'));

function OutputLines({ lines }: { lines: readonly string[] }) {
  const shown = splitLines(lines).filter((line) => line.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 rounded-lg bg-surface-muted/60 px-3 py-2.5 font-mono text-xs leading-5 text-ink">
      {shown.map((line, index) => (
        <li key={index} className="whitespace-pre-wrap break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/**
 * What an import allowed to remove questions will retire, per exam, before it runs
 * (docs/product-rules.md, "Retired questions").
 */
function RemovalList({ removals }: { removals: ContentRemoval[] }) {
  const total = removals.reduce((sum, removal) => sum + removal.numbers.length, 0);
  return (
    <Notice tone="warning" className="mt-3" role="status">
      <p>
        {total === 1
          ? 'Esta importação retira do catálogo 1 questão que não está no arquivo:'
          : `Esta importação retira do catálogo ${countLabel(total, 'questão', 'questões')} que não estão no arquivo:`}
      </p>
      <ul aria-label="Questões a retirar" className="mt-1.5 list-disc space-y-0.5 pl-5 font-normal">
        {removals.map((removal) => (
          <li key={removal.examId}>
            <span className="break-all font-mono text-xs">{removal.examId}</span>:{' '}
            {plural(removal.numbers.length, 'questão', 'questões')} {removal.numbers.join(', ')} (
            {removal.answeredBy === 0
              ? 'nenhum aluno respondeu'
              : `respondidas por ${countLabel(removal.answeredBy, 'aluno', 'alunos')}`}
            )
          </li>
        ))}
      </ul>
      <p className="mt-1.5 font-normal">
        Elas saem das provas, das contagens e da busca; o histórico, as estatísticas e o caderno de
        erros de quem as respondeu as mantêm.
      </p>
    </Notice>
  );
}

const retiredTotal = (removals: ContentRemoval[] | undefined) =>
  (removals ?? []).reduce((sum, removal) => sum + removal.numbers.length, 0);

/**
 * A report's message and its problems: a multi-line message lists the problems as text after its
 * first line, which the grouped list replaces.
 */
function FailureReport({
  message,
  problems,
}: {
  message: string;
  problems: ImportFailure['problems'];
}) {
  const [heading = message] = message.split('\n');
  return (
    <>
      <Notice tone="error" className="mt-3">
        <span className="whitespace-pre-line">{problems.length > 0 ? heading : message}</span>
      </Notice>
      {problems.length > 0 && <ProblemReport problems={problems} />}
    </>
  );
}

/** Moves the focus to a section's heading when it gets a result, so the keyboard lands on it. */
function useFocusOnResult(done: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) ref.current?.focus();
  }, [done]);
  return ref;
}

/**
 * 'Importar conteúdo' (docs/content-format.md, "Import from the browser"): a catalogue .zip is
 * checked first (the command's `--check` report, by file); only a clean one can be imported, by
 * sending the same file again, and the import's progress shows line by line.
 */
export default function ContentImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [options, setOptions] = useState<ImportOptions>(NO_OPTIONS);
  const [progress, setProgress] = useState<string[]>([]);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const check = useCheckCatalog();
  const addLine = useCallback((line: string) => setProgress((lines) => [...lines, line]), []);
  const importing = useImportCatalog(addLine);
  const checkHeadingRef = useFocusOnResult(check.isSuccess || check.isError);
  const importHeadingRef = useFocusOnResult(importing.isSuccess || importing.isError);

  // Leaving the page stops reading the import's progress (the server finishes it anyway).
  useEffect(() => () => abortRef.current?.abort(), []);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [progress]);

  // A result belongs to the file and options it was made with.
  const resetResults = () => {
    check.reset();
    importing.reset();
    setProgress([]);
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? fileProblem(chosen) : null);
    resetResults();
  };

  const setOption = (key: keyof ImportOptions, value: boolean) => {
    setOptions((current) => ({ ...current, [key]: value }));
    resetResults();
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending || importing.isPending) return;
    const problem = fileProblem(file);
    if (problem || !file) {
      setFileError(problem);
      fileInputRef.current?.focus();
      return;
    }
    resetResults();
    check.mutate({ file, options });
  };

  const startImport = () => {
    if (!file || importing.isPending) return;
    setProgress([]);
    const controller = new AbortController();
    abortRef.current = controller;
    importing.mutate({ file, options, signal: controller.signal });
  };

  const busy = check.isPending || importing.isPending;
  const report = check.data;
  const importStarted = importing.isPending || importing.isSuccess || importing.isError;
  const failure = importing.error;

  return (
    <Page
      title="Importar conteúdo"
      description="Envie o catálogo em um arquivo .zip, com a mesma pasta do comando de importação (disciplinas.json, provas/ e imagens/). Ele é verificado primeiro; só um catálogo sem problemas pode ser importado."
    >
      <Card as="section" aria-label="Arquivo e opções">
        <form onSubmit={verify} noValidate>
          <fieldset disabled={busy} className="min-w-0 space-y-5">
            <FormField
              label="Arquivo do catálogo (.zip)"
              description={
                file
                  ? `${file.name} · ${formatSize(file.size)}. Até 100 MB.`
                  : 'Até 100 MB. A pasta pode estar na raiz do .zip ou dentro de uma única pasta.'
              }
              error={fileError}
            >
              {(wiring) => (
                <input
                  ref={fileInputRef}
                  type="file"
                  accept=".zip,application/zip"
                  onChange={chooseFile}
                  className={FILE_INPUT_CLASSES}
                  {...wiring}
                />
              )}
            </FormField>
            <fieldset className="min-w-0">
              <legend className="mb-2 text-sm font-medium text-ink">Opções</legend>
              <div className="flex flex-col gap-3">
                {OPTION_LABELS.map(([key, label]) => (
                  <CheckboxField
                    key={key}
                    checked={options[key]}
                    onChange={(checked) => setOption(key, checked)}
                  >
                    {label}
                  </CheckboxField>
                ))}
              </div>
            </fieldset>
          </fieldset>
          <Button
            type="submit"
            variant={report?.ok ? 'secondary' : 'primary'}
            icon={FileCheck2}
            busy={check.isPending}
            disabled={importing.isPending}
            className="mt-6 w-full sm:w-auto"
          >
            {check.isPending ? 'Verificando...' : 'Verificar'}
          </Button>
        </form>
      </Card>

      {(check.isSuccess || check.isError) && (
        <Card as="section" aria-labelledby="verificacao-titulo" className="mt-6">
          <h2
            id="verificacao-titulo"
            ref={checkHeadingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-ink focus-visible:outline-none"
          >
            Verificação
          </h2>
          {check.isError && (
            <Notice tone="error" className="mt-3">
              {errorMessage(check.error, CHECK_FAILED)}
            </Notice>
          )}
          {report?.ok && (
            <>
              <Notice tone="success" className="mt-3">
                Nenhum problema encontrado: o catálogo pode ser importado.
              </Notice>
              {report.removals && <RemovalList removals={report.removals} />}
              <OutputLines lines={report.lines} />
              {!importStarted && (
                <Button icon={Upload} onClick={startImport} className="mt-5 w-full sm:w-auto">
                  {retiredTotal(report.removals) > 0
                    ? `Importar e retirar ${countLabel(retiredTotal(report.removals), 'questão', 'questões')}`
                    : 'Importar'}
                </Button>
              )}
            </>
          )}
          {report && !report.ok && (
            <FailureReport message={report.lines.join('\n')} problems={report.problems} />
          )}
        </Card>
      )}

      {importStarted && (
        <Card as="section" aria-labelledby="importacao-titulo" className="mt-6">
          <h2
            id="importacao-titulo"
            ref={importHeadingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-ink focus-visible:outline-none"
          >
            Importação
          </h2>
          {importing.isPending && (
            <p className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
              <Spinner className="size-4" />
              Importando: deixe esta página aberta até o fim.
            </p>
          )}
          {/* A long log scrolls in its box; keyboard users can scroll it too. */}
          <div
            ref={logRef}
            role="region"
            aria-label="Progresso da importação"
            tabIndex={0}
            className="mt-3 max-h-72 overflow-y-auto rounded-lg bg-surface-muted/60 px-3 py-2.5 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <div role="log" aria-live="polite" className="font-mono text-xs leading-5 text-ink">
              {progress.length === 0 ? (
                <p className="text-ink-muted">Enviando o arquivo...</p>
              ) : (
                progress.map((line, index) => (
                  <p key={index} className="whitespace-pre-wrap break-words">
                    {line}
                  </p>
                ))
              )}
            </div>
          </div>
          {importing.isSuccess && (
            <>
              <Notice tone="success" className="mt-4">
                Importação concluída.
              </Notice>
              <OutputLines lines={importing.data} />
            </>
          )}
          {importing.isError && (
            <FailureReport
              message={errorMessage(failure, IMPORT_FAILED)}
              problems={failure instanceof ImportFailure ? failure.problems : []}
            />
          )}
        </Card>
      )}
    </Page>
  );
}
