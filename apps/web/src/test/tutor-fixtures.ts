import type { AppInfoResponse, TokenBalance, TokensResponse, TutorInfo } from '@gabarita/shared';

export const OFFLINE_TUTOR: TutorInfo = {
  provider: 'offline',
  model: 'gabarita-offline-2',
  languageModel: false,
};
export const GEMINI_TUTOR: TutorInfo = {
  provider: 'gemini',
  model: 'gemini-3.8-flash',
  languageModel: true,
};

const zero = { inputTokens: 0, outputTokens: 0, inputCostMicroUsd: 0, outputCostMicroUsd: 0 };

/** GET /me/tokens for a Premium account with `used` tokens of today's quota spent. */
export function premiumTokens(used = { input: 0, output: 0 }): TokensResponse {
  return {
    ...premiumBalance(used),
    usage: {
      today: { ...zero, day: '2026-11-23' },
      currentMonth: { ...zero, month: '2026-11' },
      monthlyHistory: [],
      lifetime: zero,
    },
  };
}

export function premiumBalance(used = { input: 0, output: 0 }): TokenBalance {
  const quota = { input: 80_000, output: 40_000 };
  return {
    canUseAi: true,
    daily: {
      day: '2026-11-23',
      quota,
      used,
      remaining: { input: quota.input - used.input, output: quota.output - used.output },
    },
    package: null,
  };
}

/** GET /app-info as a server sets it up; a test overrides what it is about. */
export function appInfo(changes: Partial<AppInfoResponse> = {}): AppInfoResponse {
  return {
    supportEmail: null,
    privacyEmail: null,
    tutor: OFFLINE_TUTOR,
    retentionDays: { aiChats: 365, devOutbox: 7, dataExports: 1 },
    ...changes,
  };
}

export const FREE_TOKENS: TokensResponse = {
  ...premiumTokens(),
  canUseAi: false,
  daily: null,
  package: null,
};

/** A tutor stream as the server sends it: each item an SSE event, `hold` keeps it open. */
export function sseResponse(
  events: { event: string; data: unknown }[],
  options: { hold?: Promise<unknown> } = {},
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const { event, data } of events) {
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      }
      if (options.hold) await options.hold;
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A whole tutor answer: meta, the text in two pieces, done with the balance after it. */
export function tutorAnswer(
  text: string,
  {
    feature = 'feedback',
    source = 'generated',
    tutor = GEMINI_TUTOR,
    tokens = premiumBalance({ input: 1_200, output: 600 }),
  }: {
    feature?: 'feedback' | 'chat' | 'didactic';
    source?: 'cache' | 'generated' | 'shared';
    tutor?: TutorInfo;
    tokens?: TokenBalance;
  } = {},
) {
  const half = Math.ceil(text.length / 2);
  return [
    { event: 'meta', data: { feature, source, tutor, createdAt: null } },
    { event: 'delta', data: { text: text.slice(0, half) } },
    { event: 'delta', data: { text: text.slice(half) } },
    {
      event: 'done',
      data: {
        content: text,
        finishReason: 'stop',
        charged: source === 'generated' ? { input: 1_200, output: 600 } : null,
        tokens,
      },
    },
  ];
}
