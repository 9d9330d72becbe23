/**
 * Keeps map labels from piling up: at a given zoom (512-px tiles), labels are placed highest priority first
 * and one that would overlap an already placed label is left out. Each label is a box of about 7 px per
 * character by 18 px, centred above its point. Pure: deck.gl draws what this returns.
 */
export interface LabelCandidate {
  position: readonly [lng: number, lat: number];
  text: string;
  priority: number;
}

const CHAR_PX = 7;
const HEIGHT_PX = 18;
const CELL_PX = 160; // wider than any box we place, so neighbours are within one cell

function project([lng, lat]: readonly [number, number], scale: number): [number, number] {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [
    ((lng + 180) / 360) * scale,
    ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale,
  ];
}

export function thinLabels<T extends LabelCandidate>(labels: readonly T[], zoom: number): T[] {
  const scale = 512 * 2 ** zoom;
  const order = [...labels].sort((a, b) => b.priority - a.priority);
  const grid = new Map<string, [number, number, number, number][]>();
  const kept: T[] = [];
  for (const label of order) {
    const [x, y] = project(label.position, scale);
    const half = Math.min(CELL_PX, CHAR_PX * label.text.length + 8) / 2;
    const box: [number, number, number, number] = [x - half, y - HEIGHT_PX, x + half, y];
    const cx = Math.floor(x / CELL_PX);
    const cy = Math.floor(y / CELL_PX);
    let free = true;
    for (let i = cx - 1; i <= cx + 1 && free; i++) {
      for (let j = cy - 1; j <= cy + 1 && free; j++) {
        for (const o of grid.get(`${String(i)},${String(j)}`) ?? []) {
          if (box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3]) {
            free = false;
            break;
          }
        }
      }
    }
    if (!free) continue;
    const key = `${String(cx)},${String(cy)}`;
    const cell = grid.get(key);
    if (cell) cell.push(box);
    else grid.set(key, [box]);
    kept.push(label);
  }
  return kept;
}
