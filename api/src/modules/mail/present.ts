import type { OutboxRow } from '../../db/schema.js';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  status: string;
  createdAt: string;
}

export function presentMailboxMessage(row: OutboxRow): MailboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
