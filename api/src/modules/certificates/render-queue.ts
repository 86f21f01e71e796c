/**
 * Bounds the PDF renders running at once (pdfkit draws on the event loop: twenty at once stall every
 * other request) and renders each key once while it is in progress: concurrent downloads of the
 * same certificate wait for the one render.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(readonly concurrency: number) {}

  run(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    const job = this.slot()
      .then(render)
      .finally(() => {
        this.inFlight.delete(key);
        this.release();
      });
    this.inFlight.set(key, job);
    return job;
  }

  private slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
