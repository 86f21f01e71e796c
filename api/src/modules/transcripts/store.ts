import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transcripts, transcriptSettings, type TranscriptRow } from '../../db/schema.js';

export type NewTranscript = Omit<TranscriptRow, 'id' | 'userId'> & { userId: string };

/** The teacher's latest transcript of these contents (`digest`), or null. */
export async function findLatest(db: Db, userId: string, digest: string): Promise<TranscriptRow | null> {
  const [row] = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.userId, userId), eq(transcripts.digest, digest)))
    .orderBy(desc(transcripts.issuedAt))
    .limit(1);
  return row ?? null;
}

export async function insert(db: Db, transcript: NewTranscript): Promise<TranscriptRow> {
  const [row] = await db.insert(transcripts).values(transcript).returning();
  if (!row) throw new Error('transcript not inserted');
  return row;
}

export async function findById(db: Db, id: string): Promise<TranscriptRow | null> {
  const [row] = await db.select().from(transcripts).where(eq(transcripts.id, id));
  return row ?? null;
}

/** The teacher's own start of the school year (MM-DD), or null. */
export async function findSetting(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ start: transcriptSettings.schoolYearStart })
    .from(transcriptSettings)
    .where(eq(transcriptSettings.userId, userId));
  return row?.start ?? null;
}

export async function saveSetting(db: Db, userId: string, start: string | null): Promise<void> {
  if (start === null) {
    await db.delete(transcriptSettings).where(eq(transcriptSettings.userId, userId));
    return;
  }
  await db
    .insert(transcriptSettings)
    .values({ userId, schoolYearStart: start })
    .onConflictDoUpdate({ target: transcriptSettings.userId, set: { schoolYearStart: start } });
}
