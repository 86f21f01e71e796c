import {
  assignmentMailDefaults,
  type AssignmentMailSetting,
  type GroupAssignmentsResponse,
} from '@pd/domain';
import type { MailSetting } from './settings.js';

/** Assignments as the contract's JSON (issue 28, part 2). */

export function presentAssignments(
  view: Omit<GroupAssignmentsResponse, 'page' | 'page_size' | 'time_zone'> & { timeZone: string },
  query: { page: number; pageSize: number },
): GroupAssignmentsResponse {
  return {
    assignments: view.assignments,
    rows: view.rows,
    matching: view.matching,
    page: query.page,
    page_size: query.pageSize,
    today: view.today,
    time_zone: view.timeZone,
  };
}

export function presentMailSetting(setting: MailSetting): AssignmentMailSetting {
  return {
    kind: setting.kind,
    label: assignmentMailDefaults[setting.kind].label,
    enabled: setting.enabled,
    subject: setting.subject,
    intro: setting.intro,
    is_default: setting.isDefault,
  };
}
