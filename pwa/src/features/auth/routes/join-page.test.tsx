// @vitest-environment jsdom-api
import { type CreateJoinLinkResponse, districtMessages, licenceMessages, paths, termDay } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteUserDb } from '../../../offline/db';
import { groupWithMembers, setupRealApi, type Teacher } from '../../../test/real-api';
import { fill, renderWithProviders } from '../../../test/render';
import { JoinPage } from './join-page';

/**
 * /join/:code (issue 27) against the real api over real SMTP (decision 030): the group, the
 * refusals (each its title, the api's sentence and next step), sign-up and sign-in, the one-click join.
 */
const api = setupRealApi({
  smtp: true,
  // A district's sign-in is offered (its discovery is read only when a sign-in starts).
  env: {
    OIDC_ISSUER_URL: 'http://127.0.0.1:9',
    OIDC_CLIENT_ID: 'pd-app',
    OIDC_CLIENT_SECRET: 'not-used-here',
    OIDC_DISPLAY_NAME: 'Springfield Schools',
  },
});
let deviceIds: string[] = [];
afterEach(async () => {
  for (const id of deviceIds) await deleteUserDb(id);
  deviceIds = [];
});

const day = 24 * 60 * 60 * 1000;
const password = 'Lantern orchard 47 velvet';

/** A licence admin's group of `seats` (held by `memberIds`) and a join link to it, made through the real calls. */
async function joinLink(
  options: { seats?: number; memberIds?: string[]; domains?: string[]; maxUses?: number; days?: number } = {},
) {
  const admin = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
  const groupId = await groupWithMembers(api.app.db, admin.id, options.memberIds ?? [], {
    licenseCount: options.seats ?? 10,
    name: 'Springfield District',
  });
  const device = await admin.device();
  const res = await device.post<CreateJoinLinkResponse>(`/api/license-groups/${groupId}/join-links`, {
    max_uses: options.maxUses ?? 10,
    expires_in_days: options.days ?? 14,
    allowed_domains: options.domains ?? [],
  });
  if (res.status !== 201) throw new Error(`join link: ${res.status} ${res.text}`);
  return { ...res.body, admin: device, groupId };
}

const renderJoin = (code: string) =>
  renderWithProviders(<JoinPage />, { route: paths.join(code), path: '/join/:code' });

async function signedIn(options: Parameters<typeof api.teacher>[0]): Promise<Teacher> {
  const teacher = await api.teacher({ password, ...options });
  deviceIds.push(teacher.id);
  await api.signIn(teacher);
  return teacher;
}

/** The refusal shown: its title and the api's sentence. */
async function expectRefusal(title: string, sentence: string) {
  const alert = (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]')!;
  expect(alert).toHaveTextContent(sentence);
  return alert;
}

describe('a join link that cannot be used says why and what to do next', { timeout: 60_000 }, () => {
  it('unknown, revoked, used up, group full and expired: each its title and sentence, no form', async () => {
    const unknown = renderJoin('0000-0000-0000-0000-0000-0000-0000');
    await expectRefusal('Invalid join link', districtMessages.joinUnknown);
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
    unknown.unmount();

    const revoked = await joinLink();
    expect(
      (
        await revoked.admin.post(
          `/api/license-groups/${revoked.groupId}/join-links/${revoked.join_link.id}/revoke`,
          {},
        )
      ).status,
    ).toBe(200);
    const usedUp = await joinLink({ maxUses: 1 });
    const first = await api.teacher();
    expect((await (await first.device()).post(`/api/join/${usedUp.code}`, {})).status).toBe(200);
    const member = await api.teacher();
    const full = await joinLink({ seats: 1, memberIds: [member.id] });
    const expiring = await joinLink({ days: 1 });

    for (const [code, title, sentence] of [
      [revoked.code, 'Join link withdrawn', districtMessages.joinRevoked],
      [usedUp.code, 'Join link used up', districtMessages.joinUsedUp],
      [full.code, 'No free seats', districtMessages.joinGroupFull],
    ] as const) {
      const page = renderJoin(code);
      await expectRefusal(title, sentence);
      expect(screen.queryByRole('heading', { name: 'Join Springfield District' })).toBeNull();
      expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
      page.unmount();
    }

    api.app.clock.advance(2 * day);
    renderJoin(expiring.code);
    await expectRefusal('Join link expired', districtMessages.joinExpired);
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
  });
});

describe('signed out', { timeout: 60_000 }, () => {
  it("a group whose term has ended, or that is suspended: its title and the api's sentence, no form", async () => {
    const link = await joinLink();
    const today = termDay(api.app.clock.now());
    const superadmin = await api.teacher({ role: 'superadmin' });
    const device = await superadmin.device();
    const setTerm = async (json: Record<string, unknown>) =>
      expect(
        (await device.request('PATCH', `/api/license-groups/${link.groupId}/term`, { json })).status,
      ).toBe(200);
    await setTerm({ starts_on: null, ends_on: today });
    const ended = renderJoin(link.code);
    await expectRefusal('License Term Ended', licenceMessages.groupTermEnded(today));
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
    ended.unmount();

    await setTerm({ starts_on: null, ends_on: null, status: 'suspended' });
    renderJoin(link.code);
    await expectRefusal('License Group Suspended', licenceMessages.groupSuspended);
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
  });

  it("names the group and the addresses it takes; sign-up's verification link comes back to the join page", async () => {
    const link = await joinLink({ domains: ['district.org', 'k12.district.org'] });
    const { user } = renderJoin(link.code);
    expect(await screen.findByRole('heading', { name: 'Join Springfield District' })).toBeVisible();
    expect(screen.getByText(/Use your @district\.org or @k12\.district\.org address\./)).toBeVisible();

    const form = screen.getByRole('form', { name: 'Create account' });
    await fill(user, within(form).getByLabelText(/^Full name/), 'Ana Ng');
    await fill(user, within(form).getByLabelText(/^Email/), 'ana.ng@district.org');
    await fill(user, within(form).getByLabelText(/^Password/), password);
    await user.click(within(form).getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        paths.verifySent('ana.ng@district.org', undefined, paths.join(link.code)),
      ),
    );
    const mail = await api.app.smtp!.waitFor((m) => m.to === 'ana.ng@district.org');
    const verify = /https?:\/\/\S+verify-email\S+/.exec(mail.text)![0];
    // The link verifies, then sends the teacher home with the join page as the next page.
    const res = await fetch(new URL(new URL(verify).pathname + new URL(verify).search, api.app.url), {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(paths.home({ verified: true, next: paths.join(link.code) }));
  });

  it('signs in and joins at once, with no second click', async () => {
    const link = await joinLink({ domains: ['district.org'] });
    const teacher = await api.teacher({ email: 'bo.li@district.org', password });
    deviceIds.push(teacher.id);
    const { user } = renderJoin(link.code);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const form = screen.getByRole('form', { name: 'Sign in' });
    await fill(user, within(form).getByLabelText(/^Email/), teacher.email);
    await fill(user, within(form).getByLabelText(/^Password/), password);
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls('POST /api/join/:code')).toHaveLength(1);
    const me = await (await teacher.device()).get<{ licence: { groupName: string } | null }>('/api/auth/me');
    expect(me.body.licence?.groupName).toBe('Springfield District');
  });
});

describe('signed out, with the district sign-in', { timeout: 60_000 }, () => {
  it('offers it with the join page to come back to, and back signed in joins at once', async () => {
    const link = await joinLink({ domains: ['district.org'] });
    const teacher = await api.teacher({ email: 'di.wu@district.org', password });
    deviceIds.push(teacher.id);
    const first = renderJoin(link.code);
    const form = await screen.findByRole('form', { name: 'Create account' });
    const sso = await within(form).findByRole('link', { name: 'Continue with Springfield Schools' });
    expect(sso).toHaveAttribute(
      'href',
      `/api/auth/sso/oidc/start?returnTo=${encodeURIComponent(paths.join(link.code))}`,
    );
    // The browser would leave for the provider (jsdom does not navigate).
    sso.addEventListener('click', (event) => event.preventDefault());
    await first.user.click(sso);
    first.unmount();

    // The provider's callback signed the teacher in and sent the browser back to the join page.
    await api.signIn(teacher);
    renderJoin(link.code);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls('POST /api/join/:code')).toHaveLength(1);
    const me = await (await teacher.device()).get<{ licence: { groupName: string } | null }>('/api/auth/me');
    expect(me.body.licence?.groupName).toBe('Springfield District');
  });

  it('joins by itself only on the way back from the provider, not at a later visit', async () => {
    const link = await joinLink();
    const teacher = await signedIn({ email: 'ed.ko@district.org' });
    renderJoin(link.code);
    expect(
      await screen.findByRole('button', { name: `Join Springfield District as ${teacher.email}` }),
    ).toBeVisible();
    expect(api.calls('POST /api/join/:code')).toHaveLength(0);
  });
});

describe('signed in', { timeout: 60_000 }, () => {
  it('joins in one click and goes home', async () => {
    const link = await joinLink({ domains: ['district.org'] });
    const teacher = await signedIn({ email: 'cy.po@district.org' });
    const { user } = renderJoin(link.code);
    await user.click(
      await screen.findByRole('button', { name: `Join Springfield District as ${teacher.email}` }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const links = await link.admin.get<{ uses: number }[]>(`/api/license-groups/${link.groupId}/join-links`);
    expect(links.body[0]!.uses).toBe(1);
  });

  it('refuses an address of another domain, with the sentence that says to sign in with the school address', async () => {
    const link = await joinLink({ domains: ['district.org'] });
    const teacher = await signedIn({ email: 'olu@elsewhere.org' });
    const { user } = renderJoin(link.code);
    await user.click(
      await screen.findByRole('button', { name: `Join Springfield District as ${teacher.email}` }),
    );
    await expectRefusal('Another address is needed', districtMessages.joinWrongDomain(['district.org']));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.join(link.code));
    const links = await link.admin.get<{ uses: number }[]>(`/api/license-groups/${link.groupId}/join-links`);
    expect(links.body[0]!.uses).toBe(0);
  });

  it('tells a teacher who already holds a seat', async () => {
    const teacher = await signedIn({ email: 'mo@district.org' });
    await joinLink({ memberIds: [teacher.id] });
    const other = await joinLink();
    const { user } = renderJoin(other.code);
    await user.click(
      await screen.findByRole('button', { name: `Join Springfield District as ${teacher.email}` }),
    );
    await expectRefusal('Already a member', districtMessages.joinAlreadyMember);
  });
});
