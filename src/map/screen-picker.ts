/**
 * Picks the drawn circle under the pointer on the CPU, from the same positions and radii deck.gl draws. The
 * GPU pick it replaces read pixels back synchronously on every pointer move: the main thread waited for the
 * GPU to finish every queued frame (190–450 ms per hover under SwiftShader; "GPU stall due to ReadPixels" in
 * Chromium's log on real GPUs too). A view holds at most a few thousand items; their screen positions are
 * projected once per camera position and each move is a scan of two typed arrays.
 */
export type Project = (lng: number, lat: number) => { x: number; y: number };

export class ScreenPicker {
  private screen: Float32Array | null = null;

  /**
   * @param positions lng, lat pairs as drawn
   * @param radii circle radii in px as drawn
   * @param slack px added to every radius (deck's pick radius was 2)
   */
  constructor(
    private readonly positions: ArrayLike<number>,
    private readonly radii: ArrayLike<number>,
    private readonly slack = 2,
  ) {}

  /** The camera moved: screen positions are projected again at the next pick. */
  invalidate(): void {
    this.screen = null;
  }

  /** Index of the circle containing (x, y): the last drawn (on top) when several overlap; null if none. */
  pick(x: number, y: number, project: Project): number | null {
    const screen = this.screen ?? this.projectAll(project);
    for (let i = this.radii.length - 1; i >= 0; i--) {
      const dx = (screen[2 * i] ?? Number.NaN) - x;
      const dy = (screen[2 * i + 1] ?? Number.NaN) - y;
      const r = (this.radii[i] ?? 0) + this.slack;
      if (dx * dx + dy * dy <= r * r) return i;
    }
    return null;
  }

  private projectAll(project: Project): Float32Array {
    const n = this.radii.length;
    const screen = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const p = project(this.positions[2 * i] ?? 0, this.positions[2 * i + 1] ?? 0);
      screen[2 * i] = p.x;
      screen[2 * i + 1] = p.y;
    }
    this.screen = screen;
    return screen;
  }
}
