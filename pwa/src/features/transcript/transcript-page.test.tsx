import type { Transcript, TranscriptVerification } from '@pd/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderWithProviders } from '../../test/render';
import { reply, stubEndpoints } from '../../test/stub-api';
import { TranscriptPage } from './transcript-page';
import { TranscriptVerifyPage } from './transcript-verify-page';

const id = '3f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
const provider = { name: 'Bright Path PD', ids: [{ authority: 'TX-SBEC', id: '902345' }] };
const courses = [
  {
    courseSlug: 'ai-tools-beyond-chatgpt',
    courseTitle: 'AI Tools Beyond ChatGPT',
    startedAt: '2026-03-04T14:00:00.000Z',
    completedAt: '2026-03-04T15:00:00.000Z',
    pdHours: 0.5,
    certificateId: '11111111-1111-4111-8111-111111111111',
    schoolYear: '2025–26',
  },
  {
    courseSlug: 'ai-in-education',
    courseTitle: 'AI in Education',
    startedAt: null,
    completedAt: '2026-09-10T15:00:00.000Z',
    pdHours: 1.25,
    certificateId: '22222222-2222-4222-8222-222222222222',
    schoolYear: '2026–27',
  },
];
const years = [
  { label: '2025–26', from: '2025-09-01', to: '2026-08-31', pdHours: 0.5 },
  { label: '2026–27', from: '2026-09-01', to: '2027-08-31', pdHours: 1.25 },
];
const transcript: Transcript = {
  id,
  verifyUrl: `http://localhost/transcripts/verify/${id}`,
  teacherName: 'Maria Lopez',
  issuedAt: '2026-11-27T10:00:00.000Z',
  schoolYearStart: '09-01',
  schoolYearStartSetBy: 'group',
  teacherSchoolYearStart: null,
  timeZone: 'UTC',
  provider,
  courses,
  years,
  totalPdHours: 1.75,
};

describe('TranscriptPage', () => {
  it('shows the years with their totals, the courses, the PDF download and the verification link', async () => {
    const api = stubEndpoints({
      'GET /api/auth/me': () => buildUser(),
      'GET /api/transcript': () => transcript,
      'PATCH /api/transcript/settings': (request) => request.body as { schoolYearStart: string | null },
    });
    const { user } = renderWithProviders(<TranscriptPage />, { route: '/account/transcript' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'School year 2026–27: 1.25 PD hours' }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'School year 2025–26: 0.5 PD hours' }),
    ).toBeVisible();
    expect(screen.getByText('Total: 1.75 PD hours')).toBeVisible();
    const latest = screen.getByRole('table', { name: 'Courses of the school year 2026–27' });
    // A phone scrolls the table sideways in a region the keyboard reaches (axe: scrollable-region-focusable).
    expect(screen.getByRole('region', { name: 'Courses of the school year 2026–27' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(within(latest).getByText('AI in Education')).toBeVisible();
    expect(within(latest).getByText(courses[1]!.certificateId)).toBeVisible();
    expect(screen.getByText(/Bright Path PD \(TX-SBEC #902345\)/)).toBeVisible();
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toMatch(/^\/api\/transcript\?format=pdf&tz=/);
    expect(screen.getByRole('link', { name: 'Verification page' })).toHaveAttribute(
      'href',
      `/transcripts/verify/${id}`,
    );

    // The teacher's own first day of the year; a bad one is refused before any call.
    const field = screen.getByRole('textbox', { name: 'School year starts (MM-DD)' });
    await user.clear(field);
    await user.type(field, '02-30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter the first day of the school year as MM-DD/)).toBeVisible();
    expect(api.calls('PATCH /api/transcript/settings')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '08-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => api.calls('PATCH /api/transcript/settings').length).toBe(1);
    expect(api.calls('PATCH /api/transcript/settings')[0]?.body).toEqual({ schoolYearStart: '08-01' });
  });
});

describe('TranscriptVerifyPage', () => {
  const verification: TranscriptVerification = {
    valid: true,
    id,
    teacherName: 'Maria Lopez',
    issuedAt: '2026-11-27T10:00:00.000Z',
    schoolYearStart: '09-01',
    timeZone: 'UTC',
    provider,
    courses: courses.map(({ courseSlug: _slug, ...c }) => c),
    years,
    totalPdHours: 1.75,
  };
  const renderVerify = () =>
    renderWithProviders(<TranscriptVerifyPage />, {
      route: `/transcripts/verify/${id}`,
      path: '/transcripts/verify/:id',
    });

  it('shows a valid transcript with its years and courses, without signing in', async () => {
    const api = stubEndpoints({ 'GET /api/transcripts/:id': () => verification });
    renderVerify();
    expect(await screen.findByText('Valid transcript')).toBeVisible();
    expect(screen.getByText(/Issued by Bright Path PD \(TX-SBEC #902345\)/)).toBeVisible();
    expect(screen.getByText('Total: 1.75 PD hours')).toBeVisible();
    expect(screen.getByText('AI Tools Beyond ChatGPT')).toBeVisible();
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
  });

  it('says when no transcript has this id', async () => {
    stubEndpoints({
      'GET /api/transcripts/:id': () =>
        reply(404, { valid: false, error: 'No transcript with this ID was found.' }),
    });
    renderVerify();
    expect(await screen.findByText('We could not find a transcript with this ID.')).toBeVisible();
  });
});
