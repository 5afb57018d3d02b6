import { behindRules, type CabinetDetection, type RgbImage } from './cabinet-detector.js';
import { CornerTracker } from './front-outlines.js';
import { paintFrontsBehind } from './fronts-behind.js';

const WIDTH = 300;
const HEIGHT = 200;
const TOP = 40;
const BOTTOM = 150;
const DOOR: [number, number, number] = [232, 232, 226];
const WALL: [number, number, number] = [238, 236, 230];
const PLINTH: [number, number, number] = [104, 104, 100];
const FLOOR: [number, number, number] = [150, 120, 90];

type Paint = (x: number, y: number) => [number, number, number] | null;

/**
 * A run of doors (white unless told) from x 10 to 290 between lines at y 40 and 150, on a plinth and a floor,
 * the doors at either end found; `inFront` paints what stands before the rest.
 */
function scene(inFront: Paint, door = DOOR) {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  const boundaries = new Uint8Array(WIDTH * HEIGHT);
  const colourAt = (x: number, y: number) => {
    const thing = inFront(x, y);
    if (thing) return thing;
    if (x < 10 || x > 290 || y < TOP) return WALL;
    if (y <= BOTTOM) return door;
    return y < 170 ? PLINTH : FLOOR;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) data.set(colourAt(x, y), (y * WIDTH + x) * 3);
  }
  // The lines: wherever the colour changes, as the line finder would mark them.
  for (let y = 1; y < HEIGHT; y++) {
    for (let x = 1; x < WIDTH; x++) {
      const here = colourAt(x, y).join();
      if (here !== colourAt(x - 1, y).join() || here !== colourAt(x, y - 1).join()) {
        boundaries[y * WIDTH + x] = 1;
      }
    }
  }
  for (let y = TOP; y <= BOTTOM; y++) {
    for (const x of [10, 80, 150, 220, 290]) if (!inFront(x, y)) boundaries[y * WIDTH + x] = 1;
  }
  const image: RgbImage = { width: WIDTH, height: HEIGHT, data };
  const detection: CabinetDetection = {
    mask: new Uint8Array(WIDTH * HEIGHT),
    finishLuminance: new Uint8Array(WIDTH * HEIGHT),
    frontIndex: new Uint16Array(WIDTH * HEIGHT),
    fronts: 0,
    outlines: [],
    medianFrontWidth: 70,
  };
  for (const [minX, maxX] of [
    [12, 78],
    [222, 288],
  ]) {
    const corners = new CornerTracker();
    for (let y = TOP + 1; y < BOTTOM; y++) {
      for (let x = minX; x <= maxX; x++) {
        detection.mask[y * WIDTH + x] = 255;
        detection.frontIndex[y * WIDTH + x] = detection.outlines.length + 1;
        corners.add(x, y);
      }
    }
    detection.outlines.push(corners.outline(WIDTH, HEIGHT, 0));
  }
  detection.fronts = detection.outlines.length;
  return { image, boundaries, detection };
}

const painted = (detection: CabinetDetection, x: number, y: number) =>
  detection.mask[y * WIDTH + x] > 0;

describe('paintFrontsBehind', () => {
  it('should paint the doors behind a bin standing across the run’s bottom line, and not the bin', () => {
    const bin: Paint = (x, y) => (x >= 130 && x <= 175 && y >= 90 ? [70, 86, 120] : null);
    const { image, boundaries, detection } = scene(bin);
    paintFrontsBehind(detection, boundaries, image, behindRules(HEIGHT));
    expect(detection.fronts).toBe(3);
    expect(painted(detection, 100, 100)).toBe(true);
    expect(painted(detection, 150, 60)).toBe(true);
    expect(painted(detection, 200, 120)).toBe(true);
    expect(painted(detection, 150, 120)).toBe(false);
    expect(painted(detection, 150, 160)).toBe(false);
    expect(painted(detection, 150, 20)).toBe(false);
  });

  it('should end the doors behind a plant at the pale side of an oven whose other side it hides', () => {
    // Near-black doors; an oven (its body within the doors' shade, a pale frame 2 px wide) from
    // x 152 to 218; a plant on the floor at 100-130 whose leaves hide the frame's left side.
    const nearBlack: [number, number, number] = [25, 25, 27];
    const plant: Paint = (x, y) =>
      (x >= 100 && x <= 130 && y >= 70 && y < 175) || (x >= 100 && x <= 156 && y >= 70 && y <= 140)
        ? [40, 90, 40]
        : null;
    const oven: Paint = (x, y) => {
      if (x < 152 || x > 218 || y <= TOP || y >= BOTTOM) return null;
      const frame = x <= 153 || x >= 217 || y <= TOP + 2 || y >= BOTTOM - 2;
      return frame ? [200, 200, 196] : [20, 20, 22];
    };
    const { image, boundaries, detection } = scene((x, y) => plant(x, y) ?? oven(x, y), nearBlack);
    paintFrontsBehind(detection, boundaries, image, behindRules(HEIGHT));
    expect(detection.fronts).toBe(3);
    expect(painted(detection, 90, 100)).toBe(true);
    expect(painted(detection, 140, 60)).toBe(true);
    expect(painted(detection, 180, 100)).toBe(false);
    expect(painted(detection, 200, 60)).toBe(false);
  });

  it('should leave an oven standing between the run’s lines alone', () => {
    const oven: Paint = (x, y) =>
      x >= 100 && x <= 200 && y > TOP && y < BOTTOM ? [40, 40, 44] : null;
    const { image, boundaries, detection } = scene(oven);
    paintFrontsBehind(detection, boundaries, image, behindRules(HEIGHT));
    expect(detection.fronts).toBe(2);
    expect(painted(detection, 90, 100)).toBe(false);
  });
});
