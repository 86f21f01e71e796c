import type { AppDeps } from '../../deps.js';
import { certificateHours, certificatesOfUsers } from '../certificates/service.js';
import type { MemberCertificate } from './present.js';

/**
 * The members' certificates by member and course, with their PD hours (the certificate's one rule,
 * `pdHoursOf`): the members CSV's columns per course (issue 28 part 3).
 */
export async function memberCertificates(
  deps: Pick<AppDeps, 'db'>,
  members: readonly { id: string }[],
): Promise<Map<string, Map<string, MemberCertificate>>> {
  const byUser = await certificatesOfUsers(
    deps,
    members.map((m) => m.id),
  );
  const result = new Map<string, Map<string, MemberCertificate>>();
  for (const [userId, rows] of byUser) {
    result.set(
      userId,
      new Map(
        rows.map((row) => [
          row.courseSlug,
          { id: row.id, completedAt: row.completedAt, pdHours: certificateHours(row) },
        ]),
      ),
    );
  }
  return result;
}
