import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { amongIds } from '../../db/ids.js';
import { certificatePdfs, certificates, type CertificateRow } from '../../db/schema.js';

/** A certificate is issued to an account (its `userId` becomes null only when the account is deleted). */
export type NewCertificate = Omit<CertificateRow, 'id' | 'userId'> & { userId: string };

export async function findForCourse(
  db: Db,
  userId: string,
  courseSlug: string,
): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseSlug, courseSlug)));
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

export async function listForUser(db: Db, userId: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(asc(certificates.issuedAt), asc(certificates.courseSlug));
}

/** The certificates of several accounts (a licence group's downloads). */
export async function listForUsers(db: Db, userIds: readonly string[]): Promise<CertificateRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(certificates)
    .where(amongIds(certificates.userId, userIds))
    .orderBy(asc(certificates.completedAt), asc(certificates.courseSlug));
}

/** Inserts the certificate, or answers the one already issued for this user and course (no race). */
export async function insertOrFind(db: Db, certificate: NewCertificate): Promise<CertificateRow> {
  const [inserted] = await db
    .insert(certificates)
    .values(certificate)
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseSlug] })
    .returning();
  const row = inserted ?? (await findForCourse(db, certificate.userId, certificate.courseSlug));
  if (!row) throw new Error('certificate neither inserted nor found');
  return row;
}

/** The PDF kept for a certificate, with the version it was drawn for. */
export async function findPdf(
  db: Db,
  certificateId: string,
): Promise<{ version: string; pdf: Buffer } | null> {
  const [row] = await db
    .select({ version: certificatePdfs.version, pdf: certificatePdfs.pdf })
    .from(certificatePdfs)
    .where(eq(certificatePdfs.certificateId, certificateId));
  return row ?? null;
}

/** Keeps a rendered PDF (replacing one of another version). */
export async function savePdf(db: Db, certificateId: string, version: string, pdf: Buffer): Promise<void> {
  await db
    .insert(certificatePdfs)
    .values({ certificateId, version, pdf })
    .onConflictDoUpdate({ target: certificatePdfs.certificateId, set: { version, pdf } });
}
