import { liveQuery } from 'dexie';
import { readUserDb, type LocalProgress } from './db';

/** Every progress row of this teacher on the device, now and after each change (Dexie live query). */
export function watchAllLocalProgress(userId: string, onRows: (rows: LocalProgress[]) => void): () => void {
  const subscription = liveQuery(() => readUserDb(userId, (db) => db.progress.toArray(), [])).subscribe({
    next: onRows,
    error: (error: unknown) => console.warn('Could not read progress on this device', error),
  });
  return () => subscription.unsubscribe();
}
