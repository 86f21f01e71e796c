import { type AssignmentMailKind, assignmentMailDefaults, assignmentMailKinds } from '@pd/domain';
import type { AssignmentMailSettingRow, LicenseGroupRow } from '../../db/schema.js';

/** What the assignments service and its nudges share: the group's time zone and e-mail settings. */

/** The group's time zone (decision 114): groups have none yet, so UTC; one place to change. */
export function groupTimeZone(_group: Pick<LicenseGroupRow, 'id'>): string {
  return 'UTC';
}

export interface MailSetting {
  kind: AssignmentMailKind;
  enabled: boolean;
  subject: string;
  intro: string;
  isDefault: boolean;
}

/** A group's settings over the defaults (a kind never changed reads as its default). */
export function settingsOver(
  rows: readonly AssignmentMailSettingRow[],
): Map<AssignmentMailKind, MailSetting> {
  const own = new Map(rows.map((r) => [r.kind, r]));
  return new Map(
    assignmentMailKinds.map((kind) => {
      const d = assignmentMailDefaults[kind];
      const row = own.get(kind);
      return [
        kind,
        {
          kind,
          enabled: row?.enabled ?? d.enabled,
          subject: row?.subject ?? d.subject,
          intro: row?.intro ?? d.intro,
          isDefault: !row?.subject && !row?.intro,
        },
      ];
    }),
  );
}
