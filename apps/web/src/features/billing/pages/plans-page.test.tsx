import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { renderApp, SIGNED_IN_USER, stubSession } from '../../../test/render-app';
import { SUBSCRIPTION_WARNINGS } from '@gabarita/shared';

describe('/assinatura', () => {
  it('warns about the question limit from the navigation state', async () => {
    stubSession(SIGNED_IN_USER);
    renderApp('/assinatura', { state: { reason: 'question_limit' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.questionLimit);
  });

  it('warns about the AI limit from ?motivo=', async () => {
    stubSession(SIGNED_IN_USER);
    renderApp('/assinatura?motivo=ai_limit');
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_WARNINGS.ai_limit);
  });

  it('shows no warning without a reason', async () => {
    stubSession(SIGNED_IN_USER);
    renderApp('/assinatura?motivo=outro');
    expect(await screen.findByRole('heading', { name: 'Planos de Assinatura' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
