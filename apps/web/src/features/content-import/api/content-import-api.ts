import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentCheckSchema, contentProblemSchema, type ContentCheck } from '@gabarita/shared';
import {
  apiRequest,
  ApiError,
  errorOf,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream';

/** The command's flags, as the page's checkboxes set them. */
export interface ImportOptions {
  aceitarRascunhos: boolean;
  sobrescreverEdicoes: boolean;
  renomearDisciplinas: boolean;
  /** `--allow-removals`: questions a re-imported exam lacks are retired from the catalogue. */
  permitirRemocoes: boolean;
}

export type ContentProblem = ContentCheck['problems'][number];

/** The field name of the upload, as the server reads it. */
const FILE_FIELD = 'arquivo';

export const IMPORT_CUT_OFF_MESSAGE =
  'A conexão caiu antes do fim da importação. Veja no registro de ações se ela terminou antes de enviar o arquivo de novo.';

function importQuery(options: ImportOptions, check: boolean): string {
  const params = new URLSearchParams();
  if (check) params.set('verificar', '1');
  if (options.aceitarRascunhos) params.set('aceitarRascunhos', '1');
  if (options.sobrescreverEdicoes) params.set('sobrescreverEdicoes', '1');
  if (options.renomearDisciplinas) params.set('renomearDisciplinas', '1');
  if (options.permitirRemocoes) params.set('permitirRemocoes', '1');
  const query = params.toString();
  return query ? `?${query}` : '';
}

function uploadOf(file: File): FormData {
  const form = new FormData();
  form.append(FILE_FIELD, file, file.name);
  return form;
}

/** POST /admin/imports?verificar=1: the `--check` report of the uploaded catalogue. */
export function useCheckCatalog() {
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      apiRequest(`/admin/imports${importQuery(options, true)}`, contentCheckSchema, {
        method: 'POST',
        body: uploadOf(file),
      }),
  });
}

/** An event's data that is not what the protocol says. */
class MalformedEvent extends Error {}

function dataOf(raw: string): Record<string, unknown> {
  const data: unknown = JSON.parse(raw);
  if (typeof data !== 'object' || data === null) throw new MalformedEvent();
  return data as Record<string, unknown>;
}

function text(value: unknown): string {
  if (typeof value !== 'string') throw new MalformedEvent();
  return value;
}

function texts(value: unknown): string[] {
  if (!Array.isArray(value)) throw new MalformedEvent();
  return value.map(text);
}

/** An import refused once it started (e.g. a question edited in the console), with its problems. */
export class ImportFailure extends ApiError {
  readonly problems: ContentProblem[];

  constructor(code: string, message: string, problems: ContentProblem[] = []) {
    super({ status: 200, code, message });
    this.problems = problems;
  }
}

const cutOff = () =>
  new ApiError({ status: 0, code: 'network/unreachable', message: IMPORT_CUT_OFF_MESSAGE });

/**
 * POST /admin/imports with the same file: the server answers a stream of `progress` {line}, then
 * `output` {output} (returned) or `error` {code, message, problems?} (thrown as ImportFailure);
 * `heartbeat` only keeps the connection alive. A refused upload (413, 415, 400) is thrown as usual.
 */
export async function importCatalog(
  file: File,
  options: ImportOptions,
  { onProgress, signal }: { onProgress: (line: string) => void; signal?: AbortSignal },
): Promise<string[]> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/imports${importQuery(options, false)}`, {
      method: 'POST',
      headers: { Accept: 'text/event-stream' },
      credentials: 'same-origin',
      body: uploadOf(file),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw cutOff();

  try {
    for await (const event of readEventStream(response.body, signal)) {
      if (event.event === 'progress') {
        onProgress(text(dataOf(event.data).line));
      } else if (event.event === 'output') {
        return texts(dataOf(event.data).output);
      } else if (event.event === 'error') {
        const failure = dataOf(event.data);
        const problems = Array.isArray(failure.problems)
          ? failure.problems.map((problem) => {
              const parsed = contentProblemSchema.safeParse(problem);
              if (!parsed.success) throw new MalformedEvent();
              return parsed.data;
            })
          : [];
        throw new ImportFailure(text(failure.code), text(failure.message), problems);
      }
    }
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    if (error instanceof MalformedEvent || error instanceof SyntaxError) {
      throw new ApiError({
        status: 200,
        code: 'response/invalid',
        message: INVALID_RESPONSE_MESSAGE,
      });
    }
    throw cutOff();
  }
  // The stream ended without its last word: the connection was cut.
  throw cutOff();
}

/**
 * The import, its progress lines handed to `onProgress` as they arrive. Once it is done, every
 * cached read may show old content, except who is signed in: all are marked stale.
 */
export function useImportCatalog(onProgress: (line: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      options,
      signal,
    }: {
      file: File;
      options: ImportOptions;
      signal: AbortSignal;
    }) => importCatalog(file, options, { onProgress, signal }),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'auth',
        refetchType: 'none',
      }),
  });
}
