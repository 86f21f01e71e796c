// @vitest-environment jsdom-api
import { authMessages, mfaMessages, mfaRules } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb } from '../../../offline/db';
import { meKeys } from '../../../offline/get-me';
import { recoveryCodesOf, setupRealApi } from '../../../test/real-api';
import { fill, renderWithProviders } from '../../../test/render';
import { AccountPage } from '../routes/account-page';
import { SignInForm } from './sign-in-form';

/** Two-step sign-in in the app (decision 077), over the real api: every answer is the server's. */
const api = setupRealApi();
let signedIn: string[] = [];
afterEach(async () => {
  for (const id of signedIn) await deleteUserDb(id);
  signedIn = [];
});

async function givePassword(
  user: ReturnType<typeof renderWithProviders>['user'],
  who: { email: string; password: string },
) {
  await fill(user, screen.getByLabelText(/email/i), who.email);
  await fill(user, screen.getByLabelText(/^password/i), who.password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in of an account with two-step sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const admin = await api.teacher({ role: 'superadmin' });
    signedIn.push(admin.id);
    const onSuccess = vi.fn();
    const { user, queryClient } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);
    await givePassword(user, admin);

    const code = await screen.findByLabelText(/6-digit code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(queryClient.getQueryData(meKeys.all)).toBeUndefined();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(mfaMessages.codeInvalid)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, await api.nextTotpCode(admin.email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(queryClient.getQueryData(meKeys.all)).toMatchObject({ id: admin.id, role: 'superadmin' });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('signs in with a recovery code and says how many are left', async () => {
    const admin = await api.teacher({ role: 'license_admin' });
    signedIn.push(admin.id);
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);
    await givePassword(user, admin);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await fill(user, screen.getByLabelText(/Recovery code/), recoveryCodesOf(admin.email)[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(await screen.findByText(mfaMessages.recoveryCodeUsed(9))).toBeInTheDocument();
  });

  it('goes back to the password after five wrong codes, saying why', async () => {
    const admin = await api.teacher({ role: 'superadmin' });
    const { user } = renderWithProviders(<SignInForm />);
    await givePassword(user, admin);
    const code = await screen.findByLabelText(/6-digit code/);
    for (let i = 0; i < 5; i++) {
      await user.clear(code);
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      if (i < 4) expect(await screen.findByText(mfaMessages.codeInvalid)).toBeInTheDocument();
    }
    expect(await screen.findByText(mfaMessages.tooManyAttempts)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("names the wait once when the account's codes are locked from this address (429)", async () => {
    const admin = await api.teacher({ role: 'superadmin' });
    // Someone at this address with the password has tried wrong codes (another client of the api)
    // until the api locks this account's codes for the rest of the quarter hour.
    let lockedOut = false;
    for (let signIns = 0; signIns < 10 && !lockedOut; signIns++) {
      const guesser = api.app.client();
      expect(
        (await guesser.post('/api/auth/login', { email: admin.email, password: admin.password })).status,
      ).toBe(200);
      for (let i = 1; i < mfaRules.maxAttempts && !lockedOut; i++) {
        const res = await guesser.post('/api/auth/mfa/verify', { code: '000000' });
        lockedOut = res.status === 429;
        if (!lockedOut) expect(res.status).toBe(401);
      }
    }
    expect(lockedOut).toBe(true);

    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);
    await givePassword(user, admin);
    const code = await screen.findByLabelText(/6-digit code/);
    await user.type(code, await api.nextTotpCode(admin.email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The wait (Retry-After: what is left of the quarter hour) is named once, in one sentence after
    // the api's message, under the code.
    const wait = await screen.findByText(/try again in/);
    const minutes = Number(/in (\d+) minutes\.$/.exec(wait.textContent!)?.[1]);
    expect([14, 15]).toContain(minutes);
    expect(wait.textContent).toBe(`${authMessages.tooManyRequests} You can try again in ${minutes} minutes.`);
    expect(wait.textContent!.match(/try again/gi)).toHaveLength(1);
    expect(code).toHaveAccessibleDescription(wait.textContent!);
    expect(screen.getAllByText(/try again/i)).toEqual([wait]);
    expect(onSuccess).not.toHaveBeenCalled();
    // Still at the code step: the half-done sign-in goes on, nothing sends the visitor back.
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it("sets up an admin's two-step sign-in at the first sign-in: QR code, a first code, the recovery codes", async () => {
    const admin = await api.teacher({ role: 'superadmin', mfa: false });
    signedIn.push(admin.id);
    const onSuccess = vi.fn();
    const { user, queryClient } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);
    await givePassword(user, admin);
    expect(await screen.findByText(mfaMessages.enrolRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));

    const qr = await screen.findByRole('img', { name: /QR code for your authenticator app/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const key = screen.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent!.replace(/ /g, '');
    await user.type(screen.getByLabelText(/6-digit code/), await api.totp(key));
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const go = screen.getByRole('button', { name: 'Continue' });
    expect(go).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(go);
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(meKeys.all)).toMatchObject({ id: admin.id });
  });
});

describe('the Account page', () => {
  it("turns a teacher's two-step sign-in on with the password and a code, then off", async () => {
    const teacher = await api.signedInTeacher({ role: 'premium' });
    signedIn.push(teacher.id);
    const { user } = renderWithProviders(<AccountPage />);
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));

    await fill(user, within(section).getByLabelText(/Your password/), 'not my password');
    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await within(section).findByText(mfaMessages.passwordWrong)).toBeInTheDocument();
    await user.clear(within(section).getByLabelText(/Your password/));
    await fill(user, within(section).getByLabelText(/Your password/), teacher.password);
    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));

    const key = (await within(section).findByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)).textContent!.replace(
      / /g,
      '',
    );
    await user.type(within(section).getByLabelText(/6-digit code/), await api.totp(key));
    await user.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const codes = within(await within(section).findByRole('list', { name: 'Recovery codes' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent!);
    await user.click(within(section).getByLabelText('I have saved my recovery codes'));
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText(/10 of 10 recovery codes left/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await fill(user, within(section).getByLabelText(/Your password/), teacher.password);
    await fill(user, within(section).getByLabelText(/recovery code/), codes[0]!);
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByText('Off')).toBeInTheDocument();
  });

  it('moves a signed-in admin to a new phone with the password and a recovery code, still signed in (issue 30.2)', async () => {
    const admin = await api.signedInTeacher({ role: 'superadmin' });
    signedIn.push(admin.id);
    const { user } = renderWithProviders(<AccountPage />);
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Move to a new phone' }));

    await fill(user, within(section).getByLabelText(/Your password/), admin.password);
    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await within(section).findByText(mfaMessages.currentCodeRequired)).toBeInTheDocument();
    await fill(
      user,
      within(section).getByLabelText(/current authenticator app/),
      recoveryCodesOf(admin.email)[0]!,
    );
    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));

    const key = (await within(section).findByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)).textContent!.replace(
      / /g,
      '',
    );
    await user.type(within(section).getByLabelText(/6-digit code/), await api.totp(key));
    await user.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await within(section).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await user.click(within(section).getByLabelText('I have saved my recovery codes'));
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    // Still signed in: the page's session, which signed in with a code, reads the new state.
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
  });

  it('never offers an admin to turn it off', async () => {
    const admin = await api.signedInTeacher({ role: 'superadmin' });
    signedIn.push(admin.id);
    renderWithProviders(<AccountPage />);
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText(mfaMessages.requiredForRole)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });
});
