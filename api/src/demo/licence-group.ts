import type { Content } from '@pd/content';
import { addDays, localDate, paths } from '@pd/domain';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { findUserByEmail, insertUser } from '../modules/auth/store.js';
import { createAssignments } from '../modules/assignments/service.js';
import { membershipOf } from '../modules/access/service.js';
import { sendInvites } from '../modules/licences/invitations.js';
import { createJoinLink } from '../modules/licences/join-links.js';
import { importRoster } from '../modules/licences/roster.js';
import { insertGroup, insertMembership } from '../modules/licences/store.js';
import { noteContentReceived, saveProgress } from '../modules/progress/service.js';
import { demoPassword } from './seed.js';

/** The demo school's teachers: name, e-mail and the modules they completed, per course. */
const demoMembers: { name: string; email: string; progress: Record<string, number> }[] = [
  {
    name: 'Zoë Martínez',
    email: 'zoe@demo.test',
    progress: { 'ai-in-education': 6, 'prompt-engineering': 3 },
  },
  { name: 'José Okafor', email: 'jose@demo.test', progress: { 'ai-tools-beyond-chatgpt': 3 } },
  { name: 'Nguyễn Thảo', email: 'thao@demo.test', progress: { 'ai-in-education': 2 } },
  { name: 'Amira Haddad', email: 'amira@demo.test', progress: {} },
];

const demoInvites = ['pending.teacher@demo.test', 'new.hire@demo.test'];

/**
 * With the demo accounts (first start of an empty embedded database): the demo license admin owns a
 * 30-seat group with a few members who have progress, and pending invitations (mailed to the dev
 * mailbox, so their links work), so a newcomer sees /license-admin populated.
 */
export async function seedDemoLicenceGroup(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'sessionCache'> & { content: Content },
  logger: Logger,
): Promise<void> {
  const admin = await findUserByEmail(deps.db, 'license-admin@demo.test');
  if (!admin || admin.role !== 'license_admin') return;
  const now = deps.clock();
  const group = await insertGroup(
    deps.db,
    { name: 'Demo Unified School District', purchaserId: admin.id, licenseCount: 30 },
    now,
  );
  const passwordHash = await hashPassword(demoPassword);
  for (const member of demoMembers) {
    const user = await insertUser(
      deps.db,
      { name: member.name, email: member.email, passwordHash, emailVerified: true },
      now,
    );
    if (!user) continue;
    await insertMembership(deps.db, user.id, group.id, now);
    const teacher = { id: user.id, role: user.role, licence: await membershipOf(deps, user.id) };
    for (const [slug, modules] of Object.entries(member.progress)) {
      const course = deps.content.courses.find((c) => c.slug === slug);
      // They opened the course three weeks ago: their completions show the time on task.
      await noteContentReceived(deps, user.id, slug, new Date(now.getTime() - 21 * 24 * 60 * 60 * 1000));
      for (const module of course?.modules.slice(0, modules) ?? []) {
        const answers = (module.quiz ?? []).map((q) => q.answer);
        await saveProgress(deps, teacher, slug, module.id, answers);
      }
    }
  }
  await sendInvites(deps, admin, { license_group_id: group.id, emails: demoInvites });
  // Issue 27: a roster import with its history (rows invited and skipped), and a join link.
  const roster = await importRoster(deps, admin, group.id, {
    dryRun: false,
    rows: [
      { email: 'maria.lopez@demo.test', firstName: 'María', lastName: 'López', school: 'Lincoln Elementary' },
      { email: 'sam.chen@demo.test', firstName: 'Sam', lastName: 'Chen', school: 'Lincoln Elementary' },
      { email: 'zoe@demo.test', firstName: 'Zoë', lastName: 'Martínez', school: 'Oak Hill Middle' },
      { email: 'pending.teacher@demo.test' },
      { email: 'not-an-address' },
    ],
  });
  // An assignment with a due date (issue 28): members see "Assigned by ..., due ..." on the course.
  await createAssignments(deps, admin, group.id, {
    courseSlugs: ['ai-in-education'],
    dueDate: addDays(localDate(now, 'UTC'), 30),
  });
  const { code } = await createJoinLink(deps, admin, group.id, {
    max_uses: 10,
    expires_in_days: 14,
    allowed_domains: ['demo.test'],
  });
  logger.info(
    `demo licence group "${group.name}" (30 seats) for license-admin@demo.test: ${demoMembers.length} members (password ${demoPassword}), ${demoInvites.length} pending invitations, a roster import (${roster.summary.to_invite} invited, ${roster.summary.skipped} skipped), 'AI in Education' assigned due in 30 days and a join link for @demo.test: ${deps.config.publicUrl}${paths.join(code)}`,
  );
}
