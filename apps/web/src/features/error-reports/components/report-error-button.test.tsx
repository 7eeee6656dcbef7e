import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@gabarita/shared';
import { SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { ReportErrorButton } from './report-error-button';

function renderButton() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ReportErrorButton questionId="q1" questionNumber={1} />
    </QueryClientProvider>,
  );
}

describe('ReportErrorButton', () => {
  it('is off for a visitor, with the sign-in hint as its description', async () => {
    const api = stubApi();
    renderButton();
    await screen.findByText(SUPPORT_MESSAGES.reportSignInHint);
    const button = screen.getByRole('button', { name: 'Reportar erro' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(SUPPORT_MESSAGES.reportSignInHint);
    expect(screen.getByText(SUPPORT_MESSAGES.reportSignInHint)).toBeVisible();
    expect(api.calls('POST /error-reports')).toHaveLength(0);
  });

  it('is on for a signed-in user, without the hint', async () => {
    stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    renderButton();
    const button = screen.getByRole('button', { name: 'Reportar erro' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).not.toHaveAccessibleDescription();
    expect(screen.queryByText(SUPPORT_MESSAGES.reportSignInHint)).not.toBeInTheDocument();
  });
});
