/** The query keys of assignments (issue 28, part 2): the teacher's own, and a group's for its admin. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  mine: (userId: string) => [...assignmentKeys.all, 'mine', userId] as const,
  group: (groupId: string) => [...assignmentKeys.all, 'group', groupId] as const,
  mails: (groupId: string) => [...assignmentKeys.all, 'mails', groupId] as const,
};
