import { z } from 'zod';

/** One stored e-mail of the dev mailbox (GET /api/dev/mailbox, never in production). */
export const DevMailboxMessage = z.object({
  id: z.union([z.string(), z.number()]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional().default(''),
  links: z.array(z.string()).default([]),
  createdAt: z.string(),
});
export type DevMailboxMessage = z.infer<typeof DevMailboxMessage>;

export const DevMailboxResponse = z.object({ messages: z.array(DevMailboxMessage) });
export type DevMailboxResponse = z.infer<typeof DevMailboxResponse>;
