import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-screen';

function Page({ broken }: { broken: boolean }) {
  if (broken) throw new Error('página quebrada');
  return <h1>Página certa</h1>;
}

describe('RouteErrorBoundary', () => {
  it('shows the error screen for a page that failed, and the next address again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/quebrada">
        <Page broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary resetKey="/quebrada">
        <Page broken={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary resetKey="/outra">
        <Page broken={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Página certa' })).toBeInTheDocument();
  });
});
