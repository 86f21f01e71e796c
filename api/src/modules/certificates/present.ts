import {
  type CertificateSummary,
  type CertificateVerification,
  certificateDownloadPath,
  certificateVerifyPath,
  formatPdHours,
  type IssueCertificateResponse,
  type PdProvider,
  pdHoursOf,
} from '@pd/domain';
import type { CertificateRow } from '../../db/schema.js';

export const verifyUrlOf = (publicUrl: string, id: string): string =>
  `${publicUrl}${certificateVerifyPath(id)}`;

export function presentIssued(row: CertificateRow, publicUrl: string): IssueCertificateResponse {
  return {
    url: certificateDownloadPath(row.courseSlug),
    id: row.id,
    verifyUrl: verifyUrlOf(publicUrl, row.id),
  };
}

export function presentSummary(row: CertificateRow): CertificateSummary {
  return { courseSlug: row.courseSlug, id: row.id, issuedAt: row.issuedAt.toISOString() };
}

/** The public page's facts: who, which course, when, how many hours. Nothing else about the teacher. */
export function presentVerification(row: CertificateRow, provider: PdProvider): CertificateVerification {
  return {
    valid: true,
    teacherName: row.teacherName,
    courseTitle: row.courseTitle,
    completedAt: row.completedAt.toISOString(),
    pdHours: formatPdHours(
      pdHoursOf({ statedMinutes: row.totalMinutes, startedAt: row.startedAt, completedAt: row.completedAt }),
    ),
    issuedAt: row.issuedAt.toISOString(),
    issuer: provider.name,
    providerIds: provider.ids,
  };
}
