/**
 * A counting semaphore: at most `max` tasks run at once, the rest wait in FIFO order. Used to
 * bound image decoding, whose memory grows with the pixel count (up to ~160 MB for a
 * MEDIA_MAX_PIXELS image), so a burst of uploads queues instead of exhausting memory.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error('Limiter max must be a positive integer');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get pending(): number {
    return this.waiting.length;
  }
}
