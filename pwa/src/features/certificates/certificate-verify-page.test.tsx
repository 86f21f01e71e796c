import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { CertificateVerifyPage } from './certificate-verify-page';

const id = '3f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';

function renderVerify() {
  return renderWithProviders(<CertificateVerifyPage />, {
    route: `/certificates/verify/${id}`,
    path: '/certificates/verify/:id',
  });
}

describe('CertificateVerifyPage', () => {
  it('shows a valid certificate with its facts, and nothing else about the teacher', async () => {
    const api = stubApi({
      [`GET /api/certificates/verify/${id}`]: () =>
        jsonResponse(200, {
          valid: true,
          teacherName: 'Maria Lopez',
          courseTitle: 'AI Tools Beyond ChatGPT',
          completedAt: '2026-03-04T15:00:00.000Z',
          pdHours: '0.5 PD hours',
          issuedAt: '2026-03-05T09:00:00.000Z',
          issuer: 'Bright Path Learning',
          providerIds: [{ authority: 'TX-SBEC', id: '902345' }],
        }),
    });
    renderVerify();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate Verification' })).toBeVisible();
    expect(await screen.findByText('Valid certificate')).toBeVisible();
    for (const text of ['Maria Lopez', 'AI Tools Beyond ChatGPT', 'March 4, 2026', '0.5 PD hours', id]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(screen.getAllByText(/Bright Path Learning/).length).toBeGreaterThan(0);
    expect(screen.getByText('TX-SBEC #902345')).toBeVisible();
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
    // Public: no sign-in is asked for.
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
  });

  it('says when no certificate has this id', async () => {
    stubApi({
      [`GET /api/certificates/verify/${id}`]: () =>
        jsonResponse(404, { valid: false, error: 'No certificate with this ID was found.' }),
    });
    renderVerify();
    expect(await screen.findByText('We could not find a certificate with this ID.')).toBeVisible();
    expect(screen.queryByText('Valid certificate')).not.toBeInTheDocument();
  });
});
