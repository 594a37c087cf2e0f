/**
 * A rate with a burst allowance. `take` always reserves its token, so the tokens may go below zero: the wait it
 * answers is how long until that reservation is covered, and publishes arriving meanwhile queue behind it.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  /** Milliseconds until the token taken now is due (0: at once). */
  take(now: number): number {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.perSecond) * 1000;
  }
}
