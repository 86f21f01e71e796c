import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { CertificateActions } from './certificate-actions';

const slug = 'ai-tools-beyond-chatgpt';
const head = `HEAD /api/certificates/${slug}/download`;
const get = `GET /api/certificates/${slug}/download`;
const post = `POST /api/certificates/${slug}`;
const issued = {
  url: `/api/certificates/${slug}/download`,
  id: '3f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f',
  verifyUrl: 'http://localhost/certificates/verify/3f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f',
};

let clicked: HTMLAnchorElement[] = [];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('CertificateActions', () => {
  it('shows nothing until the course is complete', () => {
    const api = stubApi();
    renderWithProviders(<CertificateActions courseSlug={slug} isComplete={false} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls(head)).toHaveLength(0);
  });

  it('generates the certificate, then offers the download', async () => {
    const api = stubApi({
      [head]: () => new Response(null, { status: 404 }),
      [post]: () => jsonResponse(201, issued),
    });
    const { user } = renderWithProviders(<CertificateActions courseSlug={slug} isComplete />);
    await user.click(await screen.findByRole('button', { name: 'Generate Certificate' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Certificate Generated!');
    expect(toast).toHaveTextContent('Your certificate is ready for download.');
    expect(await screen.findByRole('button', { name: 'Download Certificate' })).toBeVisible();
    expect(api.calls(post)[0]?.body).toEqual({});
  });

  it('downloads an existing certificate as certificate_<slug>.pdf', async () => {
    stubApi({
      [head]: () => new Response(null, { status: 200 }),
      [get]: () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderWithProviders(<CertificateActions courseSlug={slug} isComplete />);
    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Certificate Downloaded!');
    expect(toast).toHaveTextContent('Check your downloads folder for the certificate.');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('certificate_ai-tools-beyond-chatgpt.pdf');
    expect(clicked[0]?.href).toBe('blob:certificate');
  });

  it('still says the certificate downloaded when its button was drawn anew meanwhile', async () => {
    let sendPdf = () => {};
    const pdfSent = new Promise<void>((resolve) => (sendPdf = resolve));
    stubApi({
      [head]: () => new Response(null, { status: 200 }),
      [get]: async () => {
        await pdfSent;
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    function RedrawnPage() {
      const [drawing, setDrawing] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setDrawing((n) => n + 1)}>
            Redraw
          </button>
          <CertificateActions key={drawing} courseSlug={slug} isComplete />
        </>
      );
    }
    const { user } = renderWithProviders(<RedrawnPage />);
    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    await user.click(screen.getByRole('button', { name: 'Redraw' }));
    sendPdf();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Certificate Downloaded!');
    expect(clicked).toHaveLength(1);
  });

  it('says so when generating fails', async () => {
    stubApi({
      [head]: () => new Response(null, { status: 404 }),
      [post]: () =>
        jsonResponse(409, { error: 'Complete every module of this course to earn its certificate.' }),
    });
    const { user } = renderWithProviders(<CertificateActions courseSlug={slug} isComplete />);
    await user.click(await screen.findByRole('button', { name: 'Generate Certificate' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to generate certificate. Please try again.');
  });

  it('says so when downloading fails', async () => {
    stubApi({
      [head]: () => new Response(null, { status: 200 }),
      [get]: () => new Response(null, { status: 404 }),
    });
    const { user } = renderWithProviders(<CertificateActions courseSlug={slug} isComplete />);
    await user.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to download certificate. Please try again.');
    expect(clicked).toHaveLength(0);
  });
});
