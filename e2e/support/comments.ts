import type { PlaywrightWorkerArgs } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './accounts';
import { expect } from './fixtures';
import { runOperatorCommand } from './operator';

/**
 * Takes the team's comment off a question, as an editor does in the console, so a spec can show a
 * question without one (every demonstration question has one). Use a question no other spec reads.
 */
export async function takeCommentOff(
  playwright: PlaywrightWorkerArgs['playwright'],
  questionId: string,
) {
  const origin = process.env.E2E_BASE_URL!;
  const context = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin },
  });
  try {
    const { email } = await signedInAccount(context, {
      name: 'Edna Editora',
      email: uniqueEmail('sem-comentario'),
    });
    runOperatorCommand('admin:create', email, '--role', 'editor');
    const editing = await context.get(`/api/admin/questions/${questionId}`);
    expect(editing.status()).toBe(200);
    const { snapshot, versions } = (await editing.json()) as {
      snapshot: Record<string, unknown>;
      versions: { version: number }[];
    };
    if (!snapshot.comentario) return;
    delete snapshot.comentario;
    const saved = await context.put(`/api/admin/questions/${questionId}`, {
      data: { snapshot, baseVersion: Math.max(0, ...versions.map((entry) => entry.version)) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await context.dispose();
  }
}
