import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI_MESSAGES } from '@gabarita/shared';
import { ApiError } from '@/lib/api-client';
import { GEMINI_TUTOR } from '@/test/tutor-fixtures';
import { TutorTextBody } from './tutor-text';
import { TUTOR_CUT_OFF_MESSAGE, TUTOR_INTERRUPTED_CODE } from './tutor-stream';

function renderFailure(error: unknown, onRetry = vi.fn()) {
  render(
    <TutorTextBody
      state={{ status: 'error', error }}
      tutor={GEMINI_TUTOR}
      writingLabel="Escrevendo..."
      failedText={AI_MESSAGES.feedbackFailed}
      onRetry={onRetry}
    />,
  );
  return onRetry;
}

describe('TutorTextBody — a failed text', () => {
  it('says the text was interrupted, with the same retry as any failure', async () => {
    const onRetry = renderFailure(
      new ApiError({ status: 0, code: TUTOR_INTERRUPTED_CODE, message: TUTOR_CUT_OFF_MESSAGE }),
    );
    expect(screen.getByText(TUTOR_CUT_OFF_MESSAGE)).toBeVisible();
    expect(screen.queryByText(AI_MESSAGES.feedbackFailed)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the product's text for a provider failure", () => {
    renderFailure(
      new ApiError({
        status: 200,
        code: 'ai/provider-failed',
        message: AI_MESSAGES.feedbackServiceFailed,
      }),
    );
    expect(screen.getByText(AI_MESSAGES.feedbackFailed)).toBeVisible();
  });
});
