import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES, type DataExport } from '@gabarita/shared';
import { formatDateTime } from '@/lib/formatters';
import { apiError, ME_RESPONSE, renderApp } from '@/test/render-app';
import { stubAccount } from '../testing/stub-account';

const EXPORT_ID = '3f1c9a52-7d2e-4b8a-9c1f-2e3d4c5b6a70';

const BUILDING: DataExport = {
  id: EXPORT_ID,
  status: 'building',
  requestedAt: '2026-11-26T12:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
};

const READY: DataExport = {
  ...BUILDING,
  status: 'ready',
  readyAt: '2026-11-26T12:00:05.000Z',
  expiresAt: '2026-11-27T12:00:05.000Z',
  sizeBytes: 12_345,
};

async function exportSection(path = '/conta') {
  const app = renderApp(path);
  const region = await screen.findByRole('region', { name: PRIVACY_MESSAGES.exportTitle });
  return { ...app, region };
}

describe("/conta — 'Seus dados'", () => {
  it('builds the file, asks again every 2 s while building, then offers the download', async () => {
    let requested = false;
    const api = stubAccount(ME_RESPONSE, {
      'POST /me/data-exports': () => {
        requested = true;
        return Response.json(BUILDING, { status: 202 });
      },
      'GET /me/data-exports': () => ({ items: requested ? [READY] : [] }),
    });
    const { user, region } = await exportSection();
    expect(region).toHaveTextContent('conversas com o tutor');
    expect(region).toHaveTextContent('CSV');

    await user.click(within(region).getByRole('button', { name: PRIVACY_MESSAGES.exportButton }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.exportBuilding,
    );
    // Only one file is built at a time.
    expect(
      within(region).getByRole('button', { name: PRIVACY_MESSAGES.exportButton }),
    ).toBeDisabled();

    expect(await within(region).findByText(PRIVACY_MESSAGES.exportReady)).toBeVisible();
    const link = within(region).getByRole('link', { name: PRIVACY_MESSAGES.exportDownload });
    expect(link).toHaveAttribute('href', `/api/me/data-exports/${EXPORT_ID}/file`);
    expect(link).toHaveAttribute('download');
    expect(region).toHaveTextContent('12,3 kB');
    expect(region).toHaveTextContent(
      `disponível para baixar até ${formatDateTime(READY.expiresAt!)}`,
    );
    expect(api.calls('POST /me/data-exports')).toHaveLength(1);

    // Polling stops once nothing is building.
    const asked = api.calls('GET /me/data-exports').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.calls('GET /me/data-exports')).toHaveLength(asked);
  }, 15_000);

  it("shows the server's refusal when today's requests are used up", async () => {
    stubAccount(ME_RESPONSE, {
      'POST /me/data-exports': apiError(
        429,
        'privacy/export-limited',
        PRIVACY_MESSAGES.exportLimited,
      ),
    });
    const { user, region } = await exportSection();
    await user.click(within(region).getByRole('button', { name: PRIVACY_MESSAGES.exportButton }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      PRIVACY_MESSAGES.exportLimited,
    );
  });

  it('says when a file could not be built, and asks for a new one', async () => {
    let failed = true;
    const api = stubAccount(ME_RESPONSE, {
      'GET /me/data-exports': () => ({ items: failed ? [{ ...BUILDING, status: 'failed' }] : [] }),
      'POST /me/data-exports': () => {
        failed = false;
        return Response.json(
          { ...READY, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' },
          { status: 202 },
        );
      },
    });
    const { user, region } = await exportSection();
    expect(await within(region).findByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.exportFailed,
    );
    await user.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await within(region).findByRole('link', { name: PRIVACY_MESSAGES.exportDownload }),
    ).toBeVisible();
    expect(api.calls('POST /me/data-exports')).toHaveLength(1);
  });

  it("brings the e-mail's link to the section, with its file highlighted", async () => {
    stubAccount(ME_RESPONSE, { 'GET /me/data-exports': { items: [READY] } });
    const { region } = await exportSection(`/conta?exportacao=${EXPORT_ID}`);
    await waitFor(() => expect(region).toHaveFocus());
    const item = within(region).getByRole('listitem');
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(within(item).getByRole('link', { name: PRIVACY_MESSAGES.exportDownload })).toBeVisible();
    expect(within(region).queryByText(PRIVACY_MESSAGES.exportExpired)).toBeNull();
  });

  it("says the e-mail's link expired when its file is no longer listed", async () => {
    stubAccount(ME_RESPONSE);
    const { region } = await exportSection(`/conta?exportacao=${EXPORT_ID}`);
    expect(await within(region).findByText(PRIVACY_MESSAGES.exportExpired)).toBeVisible();
    await waitFor(() => expect(region).toHaveFocus());
  });
});
