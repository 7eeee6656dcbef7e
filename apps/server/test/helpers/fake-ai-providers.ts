import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback peers speaking the providers' real protocols, for the tutor's adapters: an
 * OpenAI-compatible server (`POST /v1/chat/completions`, SSE chunks with usage when
 * `stream_options.include_usage`, or one JSON answer without `stream`) and a Gemini server
 * (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`, or `:generateContent`). Each
 * request is answered by a script: the text in chunks, the usage to report (or none), an HTTP
 * error, delays, a refusal, or a disconnect in the middle of the stream.
 */
export interface Script {
  /** The answer, streamed in `chunks` (or split in pieces of a few words). */
  text?: string;
  chunks?: string[];
  /** Usage to report; 'none' reports nothing. Default: prompt 100, completion = chunks sent. */
  usage?: { input: number; output: number } | 'none';
  /** Answer this HTTP status (with the provider's error body) instead of a stream. */
  status?: number;
  /** Before the first chunk, and between chunks. */
  firstChunkDelayMs?: number;
  chunkDelayMs?: number;
  /** Close the connection after this many chunks, without finishing the stream. */
  disconnectAfterChunks?: number;
  /** End as the provider ends a refused answer (content filter / safety) instead of normally. */
  refused?: boolean;
}

export interface RecordedRequest {
  path: string;
  /** The script it was answered with. */
  script: Script;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  receivedAt: number;
  /** When the first chunk of text was written (ms since the epoch). */
  firstChunkAt?: number;
  chunksSent: number;
  /** The client went away before the stream ended. */
  clientLeft: boolean;
  completed: boolean;
}

export interface FakeProvider {
  /** Base URL to configure (AI_BASE_URL). */
  url: string;
  requests: RecordedRequest[];
  /** Decides the script of each next request. */
  script(next: Script | ((request: RecordedRequest, index: number) => Script)): void;
  /** Resolves once every stream begun so far has ended (finished, failed or left). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function piecesOf(text: string): string[] {
  return text.match(/(?:\S+\s*){1,3}|\s+/g) ?? [];
}

type Protocol = 'openai' | 'gemini';
type ScriptUsage = NonNullable<Script['usage']>;

/** The usage report in each protocol's words; none at all for 'none'. */
const openAiUsage = (usage: ScriptUsage) =>
  usage === 'none'
    ? {}
    : {
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
        },
      };
const geminiUsage = (usage: ScriptUsage) =>
  usage === 'none'
    ? {}
    : {
        usageMetadata: {
          promptTokenCount: usage.input,
          candidatesTokenCount: usage.output,
          totalTokenCount: usage.input + usage.output,
        },
      };

async function startFake(protocol: Protocol): Promise<FakeProvider> {
  let decide: (request: RecordedRequest, index: number) => Script = () => ({
    text: 'Resposta de teste do provedor.',
  });
  const requests: RecordedRequest[] = [];
  const running = new Set<Promise<void>>();

  const server = http.createServer((req, res) => {
    const done = handle(req, res).catch(() => undefined);
    running.add(done);
    void done.finally(() => running.delete(done));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const record: RecordedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      receivedAt: Date.now(),
      script: {},
      chunksSent: 0,
      clientLeft: false,
      completed: false,
    };
    const index = requests.push(record) - 1;
    const expectedPath =
      protocol === 'openai'
        ? /^\/v1\/chat\/completions$/
        : /^\/v1beta\/models\/[^/:]+:(streamGenerateContent\?alt=sse|generateContent)$/;
    if (req.method !== 'POST' || !expectedPath.test(record.path)) {
      res.writeHead(404).end();
      return;
    }
    const script = decide(record, index);
    record.script = script;
    res.on('close', () => {
      if (!record.completed) record.clientLeft = true;
    });
    if (script.status) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          protocol === 'openai'
            ? { error: { message: 'falha simulada', type: 'server_error', code: script.status } }
            : { error: { code: script.status, message: 'falha simulada', status: 'INTERNAL' } },
        ),
      );
      record.completed = true;
      return;
    }
    const streaming =
      protocol === 'openai' ? record.body.stream === true : record.path.includes(':stream');
    if (!streaming) {
      await answerWhole(res, record, script);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunks = script.chunks ?? piecesOf(script.text ?? '');
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const model = String(record.body.model ?? 'gemini');
    const created = Math.floor(Date.now() / 1000);
    const usage = script.usage ?? { input: 100, output: chunks.length };
    const wantsUsage =
      protocol === 'gemini' ||
      (record.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;

    if (protocol === 'openai') {
      send({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      });
    }
    if (script.firstChunkDelayMs) await sleep(script.firstChunkDelayMs);
    for (const [position, chunk] of chunks.entries()) {
      if (res.destroyed) return;
      if (position > 0 && script.chunkDelayMs) await sleep(script.chunkDelayMs);
      if (res.destroyed) return;
      if (script.disconnectAfterChunks !== undefined && position >= script.disconnectAfterChunks) {
        // What was written reaches the client first; then the connection drops mid-stream.
        await new Promise((resolve) => res.write('', resolve));
        await sleep(50);
        res.socket?.destroy();
        return;
      }
      record.firstChunkAt ??= Date.now();
      if (protocol === 'openai') {
        send({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta: { content: chunk }, finish_reason: null }],
        });
      } else {
        send({
          candidates: [{ content: { parts: [{ text: chunk }], role: 'model' }, index: 0 }],
          modelVersion: model,
          responseId: 'fake',
        });
      }
      record.chunksSent += 1;
    }
    if (res.destroyed) return;
    if (protocol === 'openai') {
      send({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [
          { index: 0, delta: {}, finish_reason: script.refused ? 'content_filter' : 'stop' },
        ],
      });
      if (wantsUsage && usage !== 'none') {
        send({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [],
          ...openAiUsage(usage),
        });
      }
      res.write('data: [DONE]\n\n');
    } else {
      send({
        candidates: [
          {
            content: { parts: [{ text: '' }], role: 'model' },
            finishReason: script.refused ? 'SAFETY' : 'STOP',
            index: 0,
          },
        ],
        ...geminiUsage(usage),
        modelVersion: model,
        responseId: 'fake',
      });
    }
    record.completed = true;
    res.end();
  }

  /** A request without streaming: one JSON answer, after the first-chunk delay. */
  async function answerWhole(res: http.ServerResponse, record: RecordedRequest, script: Script) {
    if (script.firstChunkDelayMs) await sleep(script.firstChunkDelayMs);
    if (res.destroyed) return;
    const text = script.chunks?.join('') ?? script.text ?? '';
    const usage = script.usage ?? { input: 100, output: piecesOf(text).length };
    const model = String(record.body.model ?? 'gemini');
    const body =
      protocol === 'openai'
        ? {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: text },
                finish_reason: script.refused ? 'content_filter' : 'stop',
              },
            ],
            ...openAiUsage(usage),
          }
        : {
            candidates: [
              {
                content: { parts: [{ text }], role: 'model' },
                finishReason: script.refused ? 'SAFETY' : 'STOP',
                index: 0,
              },
            ],
            ...geminiUsage(usage),
            modelVersion: model,
            responseId: 'fake',
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    record.completed = true;
  }

  // Longer than the client's idle keep-alive, so a pooled connection is never closed under a
  // request that is being sent on it (on a loaded machine the two timers race).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${protocol === 'openai' ? '/v1' : '/v1beta'}`,
    requests,
    script(next) {
      decide = typeof next === 'function' ? next : () => next;
    },
    async settled() {
      await Promise.all([...running]);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const startFakeOpenAi = () => startFake('openai');
export const startFakeGemini = () => startFake('gemini');
