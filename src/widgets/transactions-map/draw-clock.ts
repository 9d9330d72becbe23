/**
 * When deck.gl first drew the layers of the newest view, and what they held: the moment a filter change or a
 * pan is actually on screen (the browser benchmark and tests time against it, not against a React render).
 * Plain object: the explorer hands it new layers (`expect`) and deck's onAfterRender (`rendered`).
 */
export class DrawClock {
  private pendingSum: number | null = null;
  /** performance.now() of the first deck frame that drew the newest layers (0: none yet). */
  drawnAt = 0;
  /** Sum of the counts of the items in those layers. */
  drawnSum = 0;

  constructor(private readonly onDrawn: (at: number, sum: number) => void) {}

  /** New layers holding `sum` transactions were handed to deck; the next frame it draws shows them. */
  expect(sum: number): void {
    this.pendingSum = sum;
  }

  /** Deck finished a frame at `now`; only the first frame after `expect` is the view's first paint. */
  rendered(now: number): void {
    if (this.pendingSum === null) return;
    this.drawnAt = now;
    this.drawnSum = this.pendingSum;
    this.pendingSum = null;
    this.onDrawn(now, this.drawnSum);
  }
}
