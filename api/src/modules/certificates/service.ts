import {
  brand,
  certificateMessages,
  contentMessages,
  errorCodes,
  formatPdHours,
  pdHoursOf,
  providerIdsLine,
  withoutBidiControls,
} from '@pd/domain';
import type { CertificateRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { findCourse } from '../content/service.js';
import { courseRows, courseStartedAt } from '../progress/service.js';
import { certificateRendererFingerprint, renderCertificatePdf } from './pdf.js';
import type { RenderQueue } from './render-queue.js';
import { earnedCompletion } from './policy.js';
import { verifyUrlOf } from './present.js';
import * as store from './store.js';

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'config'>;
type Teacher = Pick<UserRow, 'id' | 'name'>;

/** The canonical form of a certificate id (a UUID), or null for anything else. */
function certificateId(id: string): string | null {
  return isUuid(id) ? id.toLowerCase() : null;
}

/**
 * Issues the course's certificate once the server's records show every module completed; a
 * certificate issued before is answered again, unchanged (issuing is idempotent).
 */
export async function issueCertificate(
  deps: ServiceDeps,
  user: Teacher,
  courseSlug: string,
): Promise<CertificateRow> {
  const course = findCourse(deps.content, courseSlug);
  if (!course) throw new AppError(404, contentMessages.courseNotFound, errorCodes.notFound);
  const existing = await store.findForCourse(deps.db, user.id, courseSlug);
  if (existing) return existing;
  const completedAt = earnedCompletion(
    course.modules.map((m) => m.id),
    await courseRows(deps, user.id, courseSlug),
  );
  if (!completedAt) throw new AppError(409, certificateMessages.notComplete, errorCodes.conflict);
  const row = await store.insertOrFind(deps.db, {
    userId: user.id,
    courseSlug,
    // A name stored before names lost their directional controls (issue 17) is printed without them.
    teacherName: withoutBidiControls(user.name),
    courseTitle: course.title,
    totalMinutes: course.totalMinutes,
    startedAt: await courseStartedAt(deps, user.id, courseSlug),
    completedAt,
    issuedAt: deps.clock(),
  });
  return row;
}

/** The user's certificate of a course, or a 404 with a message. */
export async function findCertificate(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  courseSlug: string,
): Promise<CertificateRow> {
  const row = await store.findForCourse(deps.db, userId, courseSlug);
  if (!row) throw new AppError(404, certificateMessages.noCertificate, errorCodes.notFound);
  return row;
}

/** Bump when the PDF's layout changes: kept PDFs of an older layout are drawn again. */
// 2: names in scripts DejaVu lacks are drawn with the Noto fallbacks (decision 076).
// 3: those fallbacks come from npm, not from the machine (decision 080).
// 4: PD hours in quarter hours (pdHoursOf) and the provider's name and ids (issue 28 part 3).
export const certificateLayoutVersion = 4;

/**
 * The certificate's PDF: the bytes kept since its first render, or rendered now (through `renders`,
 * which bounds concurrent renders) and kept. A certificate is immutable once issued, so only a new
 * layout, new fonts or pdfkit (`certificateRendererFingerprint`: issue 30.9) or a new public address
 * (in the QR code) draws it again.
 */
export async function certificatePdf(
  deps: Pick<AppDeps, 'config' | 'db'>,
  row: CertificateRow,
  renders: RenderQueue,
): Promise<Buffer> {
  // What drew it too (pdfkit, the fonts): a PDF kept from before a font was there is drawn again.
  const provider = JSON.stringify(deps.config.pdProvider);
  const version = `${certificateLayoutVersion} ${certificateRendererFingerprint()} ${deps.config.publicUrl} ${provider}`;
  const kept = await store.findPdf(deps.db, row.id);
  if (kept?.version === version) return kept.pdf;
  return renders.run(`${row.id} ${version}`, async () => {
    const pdf = await renderCertificate(deps, row);
    await store.savePdf(deps.db, row.id, version, pdf);
    return pdf;
  });
}

export function renderCertificate(deps: Pick<AppDeps, 'config'>, row: CertificateRow): Promise<Buffer> {
  return renderCertificatePdf({
    teacherName: row.teacherName,
    courseTitle: row.courseTitle,
    pdHoursLabel: formatPdHours(certificateHours(row)),
    completedAt: row.completedAt,
    certificateId: row.id,
    issuer: deps.config.pdProvider.name,
    providerIds: providerIdsLine(deps.config.pdProvider),
    productName: brand.productName,
    verifyUrl: verifyUrlOf(deps.config.publicUrl, row.id),
  });
}

/** A certificate's PD hours: the one rule of certificates and transcripts (`pdHoursOf`). */
export const certificateHours = (row: CertificateRow): number =>
  pdHoursOf({ statedMinutes: row.totalMinutes, startedAt: row.startedAt, completedAt: row.completedAt });

export async function listCertificates(deps: Pick<AppDeps, 'db'>, userId: string): Promise<CertificateRow[]> {
  return store.listForUser(deps.db, userId);
}

/** The certificates of several accounts, by account (a licence group's downloads). */
export async function certificatesOfUsers(
  deps: Pick<AppDeps, 'db'>,
  userIds: readonly string[],
): Promise<Map<string, CertificateRow[]>> {
  const byUser = new Map<string, CertificateRow[]>();
  for (const row of await store.listForUsers(deps.db, userIds)) {
    if (!row.userId) continue;
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  }
  return byUser;
}

/** The public verification facts, or null when no certificate has this id (or it is no id at all). */
export async function verifyCertificate(
  deps: Pick<AppDeps, 'db'>,
  id: string,
): Promise<CertificateRow | null> {
  const canonical = certificateId(id);
  return canonical ? store.findById(deps.db, canonical) : null;
}
