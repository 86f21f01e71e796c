import { type AuditEntry, auditActionLabels } from '@pd/domain';
import { csvCell } from '../../csv.js';
import type { AuditRow } from '../../db/schema.js';

/** Audit rows to the contract's JSON, and to the CSV export's lines (issue 28 part 4). */

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  targetType: row.targetType,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  before: row.before,
  after: row.after,
  licenseGroupId: row.licenseGroupId,
});

const auditCsvHeader = ['When (UTC)', 'Who', 'Action', 'What', 'Target', 'Target id', 'Before', 'After'];

const values = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

/** One CSV line (CRLF) per entry, every text cell through the one escaper (`csvCell`, decision 090). */
function csvLine(cells: readonly (string | number)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** The export: its header, then each page of rows the log walk yields. */
export async function* auditCsvLines(pages: AsyncIterable<AuditRow[]>): AsyncGenerator<string> {
  yield csvLine(auditCsvHeader);
  for await (const rows of pages) {
    yield rows
      .map((r) =>
        csvLine([
          r.at.toISOString(),
          r.actorEmail,
          r.action,
          auditActionLabels[r.action],
          r.targetLabel,
          r.targetId,
          values(r.before),
          values(r.after),
        ]),
      )
      .join('');
  }
}

/** The file's name: `activity-2026-11-27.csv` (or the group's). */
export function auditCsvName(now: Date, prefix = 'activity'): string {
  const safe = prefix.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'activity';
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}
