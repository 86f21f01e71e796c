import { brand, endpoints, endpointUrl, paths } from '@pd/domain';

/**
 * The pages the e-mails link to, absolute on the public URL, built from the domain's page paths
 * (the e-mail verification link is an api call that redirects to the app).
 */
export const mailLinks = {
  verifyEmail: (publicUrl: string, token: string, next?: string) =>
    `${publicUrl}${endpointUrl(endpoints.verifyEmail, {}, { token, next })}`,
  resetPassword: (publicUrl: string, token: string) => `${publicUrl}${paths.resetPassword(token)}`,
  forgotPassword: (publicUrl: string) => `${publicUrl}${paths.forgotPassword()}`,
  invite: (publicUrl: string, code: string) => `${publicUrl}${paths.signup(code)}`,
  home: (publicUrl: string) => `${publicUrl}${paths.home()}`,
} as const;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries (shown by the dev mailbox and printed to the console). */
  links: string[];
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#3f51b5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px">${escapeHtml(brand.productName)}</h1>${body}${button}` +
    `<p style="font-size:12px;color:#777">${escapeHtml(brand.companyName)} · <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a></p>` +
    `</body></html>`
  );
}

/** 'December 7, 2026': a date as the e-mails print it (UTC, so every reader sees the same day). */
function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function text(paragraphs: string[], link?: string): string {
  const parts = [...paragraphs];
  if (link) parts.push(link);
  parts.push(`— ${brand.productName}, ${brand.companyName} (${brand.supportEmail})`);
  return parts.join('\n\n');
}

export function verificationMail(to: string, name: string, url: string): OutgoingMail {
  const subject = `Verify your email for ${brand.productName}`;
  const lines = [
    `Hello ${name},`,
    `Welcome to ${brand.productName}! Please confirm your email address to activate your account.`,
    'This link expires in 24 hours. If you did not create an account, you can ignore this message.',
  ];
  return {
    to,
    subject,
    text: text(lines, url),
    html: layout(subject, lines, { label: 'Verify my email', url }),
    links: [url],
  };
}

export function passwordResetMail(to: string, name: string, url: string): OutgoingMail {
  const subject = `Reset your ${brand.productName} password`;
  const lines = [
    `Hello ${name},`,
    'We received a request to reset the password of your account. Choose a new password with the link below.',
    'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this message: your password stays the same.',
  ];
  return {
    to,
    subject,
    text: text(lines, url),
    html: layout(subject, lines, { label: 'Choose a new password', url }),
    links: [url],
  };
}

export function passwordChangedMail(to: string, name: string, forgotUrl: string): OutgoingMail {
  const subject = `Your ${brand.productName} password was changed`;
  const lines = [
    `Hello ${name},`,
    'The password of your account was just changed, and every device was signed out.',
    `If this was not you, reset your password now and contact ${brand.supportEmail}.`,
  ];
  return {
    to,
    subject,
    text: text(lines, forgotUrl),
    html: layout(subject, lines, { label: 'Reset my password', url: forgotUrl }),
    links: [forgotUrl],
  };
}

/**
 * Issue 30 point 4: a sign-in with the right password ended after too many wrong two-step codes.
 * Whoever tried knows the password: the owner should change it.
 */
export function mfaCodesFailedMail(to: string, name: string, forgotUrl: string): OutgoingMail {
  const subject = `Failed sign-in to your ${brand.productName} account`;
  const lines = [
    `Hello ${name},`,
    'Someone just signed in to your account with your password, then entered several wrong two-step sign-in codes. The sign-in was stopped.',
    'If it was you, sign in again with the newest code from your authenticator app.',
    `If it was not you, someone knows your password: reset it now, and write to ${brand.supportEmail} if it keeps happening.`,
  ];
  return {
    to,
    subject,
    text: text(lines, forgotUrl),
    html: layout(subject, lines, { label: 'Reset my password', url: forgotUrl }),
    links: [forgotUrl],
  };
}

/**
 * Decision 112: the code that proves the address before an SSO sign-in is linked to this account.
 * The code is in the body only (never the subject, never a link): bodies are purged once sent.
 */
export function ssoLinkCodeMail(
  to: string,
  name: string,
  providerName: string,
  code: string,
  lifetimeMinutes: number,
): OutgoingMail {
  const subject = `Your code to link a sign-in to your ${brand.productName} account`;
  const lines = [
    `Hello ${name},`,
    `Someone signing in with ${providerName || 'a sign-in service'} asked to link it to your account. To link it, enter this code on the page that asked for it:`,
    code,
    `The code works for ${lifetimeMinutes} minutes. If it was not you, ignore this e-mail: nothing changes without the code, and write to ${brand.supportEmail} if it keeps happening.`,
  ];
  return { to, subject, text: text(lines), html: layout(subject, lines), links: [] };
}

/**
 * Issue 17: someone signed up with an address that already has an account. The answer to the
 * sign-up is the same as for a new address (no account enumeration); the owner learns it here.
 */
export function signUpAttemptMail(to: string, name: string, forgotUrl: string): OutgoingMail {
  const subject = `Someone tried to sign up for ${brand.productName} with your email`;
  const lines = [
    `Hello ${name},`,
    'Someone just tried to create a new account with this email address. You already have an account, so nothing was changed.',
    'If it was you, sign in with your password, or reset it if you forgot it.',
    `If it was not you, you can ignore this email; write to ${brand.supportEmail} if it keeps happening.`,
  ];
  return {
    to,
    subject,
    text: text(lines, forgotUrl),
    html: layout(subject, lines, { label: 'Reset my password', url: forgotUrl }),
    links: [forgotUrl],
  };
}

/** Before an annual subscription renews (the Terms promise it): the date, the amount, how to cancel. */
export function renewalReminderMail(
  to: string,
  name: string,
  renewal: { date: Date; amount: string; plan: 'annual' | 'quarterly'; appUrl: string },
): OutgoingMail {
  const date = longDate(renewal.date);
  const subject = `Your ${brand.productName} subscription renews on ${date}`;
  const term =
    renewal.plan === 'annual' ? { name: 'annual', span: 'year' } : { name: 'quarterly', span: '3 months' };
  const lines = [
    `Hello ${name},`,
    `Your ${term.name} Premium subscription renews on ${date}, and your card will be charged ${renewal.amount} for another ${term.span} of every course, template and premium prompt.`,
    `Nothing to do if you want to keep learning. To cancel before then, open the app, choose your account menu, then Manage Subscription: you keep Premium until the end of the ${term.span === 'year' ? 'year' : 'period'} you paid for.`,
  ];
  return {
    to,
    subject,
    text: text(lines, renewal.appUrl),
    html: layout(subject, lines, { label: 'Open the app', url: renewal.appUrl }),
    links: [renewal.appUrl],
  };
}

/** Issue 18: the invitation to a school's licence group, with the link that signs the teacher up. */
export function inviteMail(
  to: string,
  invite: { groupName: string; invitedBy: string; expiresAt: Date; url: string },
): OutgoingMail {
  const subject = `${invite.invitedBy} invited you to ${brand.productName}`;
  const expires = longDate(invite.expiresAt);
  const lines = [
    'Hello,',
    `${invite.invitedBy} invited you to join ${invite.groupName} on ${brand.productName}. Your school's licence gives you Premium Access to every course, free of charge.`,
    `Create your account with the link below. The invitation is for ${to} and expires on ${expires}.`,
  ];
  return {
    to,
    subject,
    text: text(lines, invite.url),
    html: layout(subject, lines, { label: 'Accept the invitation', url: invite.url }),
    links: [invite.url],
  };
}

/**
 * Issue 27: the reminder of a pending invitation, on day 3 (`stage` 1) and day 10 (`stage` 2) after
 * its last send. It carries a new link; the earlier e-mails' links keep working until one is used
 * (decision 082), and it says so. No join link: only a join link's fingerprint is kept, so no e-mail
 * can carry one.
 */
export function inviteReminderMail(
  to: string,
  reminder: {
    stage: 1 | 2;
    groupName: string;
    invitedBy: string;
    expiresAt: Date;
    now: Date;
    url: string;
  },
): OutgoingMail {
  const expires = longDate(reminder.expiresAt);
  const dayMs = 24 * 60 * 60 * 1000;
  const daysLeft = Math.max(1, Math.ceil((reminder.expiresAt.getTime() - reminder.now.getTime()) / dayMs));
  const left = daysLeft === 1 ? '1 day' : `${daysLeft} days`;
  const subject =
    reminder.stage === 1
      ? `Reminder: your invitation to ${reminder.groupName} on ${brand.productName}`
      : `Last reminder: your invitation to ${reminder.groupName} expires on ${expires}`;
  const lines = [
    'Hello,',
    reminder.stage === 1
      ? `A few days ago ${reminder.invitedBy} invited you to join ${reminder.groupName} on ${brand.productName}, and the invitation is still waiting for you. Your school's licence gives you Premium Access to every course, free of charge.`
      : `This is the last reminder: ${reminder.invitedBy} invited you to join ${reminder.groupName} on ${brand.productName}, and the invitation expires in ${left}, on ${expires}. Your school's licence gives you Premium Access to every course, free of charge.`,
    `Create your account with the link below. The invitation is for ${to} and expires on ${expires}; the link of an earlier e-mail works too, until one of them is used.`,
    `After ${expires}, ask ${reminder.invitedBy} to invite you again.`,
  ];
  return {
    to,
    subject,
    text: text(lines, reminder.url),
    html: layout(subject, lines, { label: 'Accept the invitation', url: reminder.url }),
    links: [reminder.url],
  };
}

/**
 * Issue 28: the e-mails of assigned courses (assigned, not started, due soon, the weekly digest, a
 * completion). Their words are the assignments module's (each group may edit the subject and the
 * first paragraph); this lays them out as every other e-mail.
 */
export function assignmentNoticeMail(
  to: string,
  notice: { subject: string; paragraphs: string[]; action: { label: string; url: string } },
): OutgoingMail {
  return {
    to,
    subject: notice.subject,
    text: text(notice.paragraphs, notice.action.url),
    html: layout(notice.subject, notice.paragraphs, notice.action),
    links: [notice.action.url],
  };
}
