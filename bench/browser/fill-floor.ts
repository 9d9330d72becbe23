/**
 * The floor a software renderer sets under any map's frame (issue 19, gpu-cost): a bare WebGL2 canvas of the
 * explorer map's size, nothing else on the page, redrawn every animation frame with `passes` full-canvas
 * blended quads of a one-line fragment shader. A vector base map draws several such passes a frame (the sea,
 * the land and neighbour fills, the tiles' stencil masks), so this says how many passes fit in a frame budget
 * on the machine before any map code runs.
 */
import type { Browser } from '@playwright/test';

export const FLOOR_PASSES = [0, 1, 2, 4, 8] as const;

export interface FloorSample {
  passes: number;
  fps: number;
}

/** One 2 s run per pass count, `runs` times, in a fresh page of `viewport`'s size. */
export async function fillFloor(
  browser: Browser,
  viewport: { width: number; height: number },
  canvasHeight: number,
  runs: number,
): Promise<FloorSample[]> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const out: FloorSample[] = [];
  try {
    await page.setContent(
      `<canvas width="${String(viewport.width)}" height="${String(canvasHeight)}" style="display:block"></canvas>`,
    );
    // tsx names functions with a helper the page lacks (as the other benchmarks' init scripts define).
    await page.evaluate('window.__name = window.__name || ((f) => f)');
    for (let r = 0; r < runs; r++) {
      for (const passes of FLOOR_PASSES) {
        const fps = await page.evaluate(async (n) => {
          const canvas = document.querySelector('canvas');
          const gl = canvas?.getContext('webgl2', { antialias: false, preserveDrawingBuffer: false });
          if (!gl) throw new Error('no WebGL2');
          const shader = (type: number, source: string) => {
            const s = gl.createShader(type);
            if (!s) throw new Error('no shader');
            gl.shaderSource(s, source);
            gl.compileShader(s);
            return s;
          };
          const program = gl.createProgram();
          gl.attachShader(
            program,
            shader(
              gl.VERTEX_SHADER,
              '#version 300 es\nin vec2 p;void main(){gl_Position=vec4(p*2.-1.,0.,1.);}',
            ),
          );
          gl.attachShader(
            program,
            shader(
              gl.FRAGMENT_SHADER,
              '#version 300 es\nprecision mediump float;uniform vec4 c;out vec4 o;void main(){o=c;}',
            ),
          );
          gl.linkProgram(program);
          gl.useProgram(program);
          gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
          gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
          gl.enableVertexAttribArray(0);
          gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
          gl.enable(gl.BLEND);
          gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
          const colour = gl.getUniformLocation(program, 'c');
          const frames: number[] = [];
          const start = performance.now();
          await new Promise<void>((resolve) => {
            const tick = (t: number) => {
              frames.push(t);
              if (performance.now() - start >= 2000) {
                resolve();
                return;
              }
              gl.clearColor(0.86, 0.91, 0.95, 1);
              gl.clear(gl.COLOR_BUFFER_BIT);
              for (let i = 0; i < n; i++) {
                gl.uniform4f(colour, (frames.length % 7) / 14, 0.2, 0.2, 0.5);
                gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
              }
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          });
          return ((frames.length - 1) * 1000) / ((frames.at(-1) ?? 0) - (frames[0] ?? 0));
        }, passes);
        out.push({ passes, fps });
      }
    }
  } finally {
    await context.close();
  }
  return out;
}
