import { z } from 'zod';
import { paths } from './paths.js';

/**
 * Certificates of completion (docs/ARCHITECTURE.md, P10, spec sections 3 and 7): the contracts
 * of the issue, list and public verification calls, and their messages, written once.
 */

export const certificateMessages = {
  notComplete: 'Complete every module of this course to earn its certificate.',
  noCertificate: 'No certificate yet for this course.',
  notFound: 'No certificate with this ID was found.',
  /** Spec section 8: the pwa's toasts. */
  generateFailed: 'Failed to generate certificate. Please try again.',
  downloadFailed: 'Failed to download certificate. Please try again.',
} as const;

/** The public verification page of the pwa (printed and QR-coded on the PDF). */
export const certificateVerifyPath = (id: string): string => paths.certificateVerify(id);

/** The file name the download is saved as (spec section 7). */
export const certificateFileName = (courseSlug: string): string => `certificate_${courseSlug}.pdf`;

/** POST /api/certificates/:courseSlug: issued now, or the one issued before. */
export const IssueCertificateResponse = z.object({
  url: z.string(),
  id: z.uuid(),
  verifyUrl: z.string(),
});
export type IssueCertificateResponse = z.infer<typeof IssueCertificateResponse>;

/** GET /api/certificates: the signed-in teacher's certificates. */
export const CertificateSummary = z.object({
  courseSlug: z.string(),
  id: z.uuid(),
  issuedAt: z.string(),
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;
export const CertificateListResponse = z.array(CertificateSummary);
export type CertificateListResponse = z.infer<typeof CertificateListResponse>;

/**
 * GET /api/certificates/verify/:id (public): whether the certificate is valid, for whom, which
 * course, when and how many hours. Nothing else about the teacher (no e-mail, no account id).
 */
export const CertificateVerification = z.strictObject({
  valid: z.literal(true),
  teacherName: z.string(),
  courseTitle: z.string(),
  /** ISO time the course was completed (the last module's first completion). */
  completedAt: z.string(),
  /** e.g. '1 PD hour', '0.75 PD hours' (pdHoursOf, in quarter hours: issue 28 part 3). */
  pdHours: z.string(),
  issuedAt: z.string(),
  /** The PD provider's name (PD_PROVIDER_NAME) and its ids with the states that approved it. */
  issuer: z.string(),
  providerIds: z.array(z.object({ authority: z.string(), id: z.string() })).optional(),
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;

export const CertificateNotFound = z.strictObject({ valid: z.literal(false), error: z.string() });
export type CertificateNotFound = z.infer<typeof CertificateNotFound>;

export const CertificateVerifyResponse = z.union([CertificateVerification, CertificateNotFound]);
export type CertificateVerifyResponse = z.infer<typeof CertificateVerifyResponse>;
