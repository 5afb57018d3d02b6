import type { RgbImage } from './cabinet-detector.js';
import type { PanelCorner, PanelDoor } from './panel-rows.js';
import { doorsAlongPanelRows, hiddenShare, medianColour } from './row-panels.js';

const TOLERANCE = 8;

/** A door of the row, already implied: a panel 60 x 150 with a frame 15 wide round it. */
const rowDoor: PanelDoor = {
  panel: { x: 100, y: 50, width: 60, height: 150 },
  minX: 85,
  minY: 35,
  maxX: 174,
  maxY: 214,
};

const boxes = (doors: PanelDoor[]) =>
  doors.map(({ minX, minY, maxX, maxY }) => [minX, minY, maxX, maxY]);

describe('doorsAlongPanelRows', () => {
  it("should put a door with the row's frame round a panel level with it and as tall, however far along the run", () => {
    const far: PanelCorner = { x: 700, y: 52, width: 80, height: 147 };
    expect(boxes(doorsAlongPanelRows([rowDoor.panel, far], [rowDoor], TOLERANCE))).toEqual([
      [685, 37, 794, 213],
    ]);
  });

  it('should make a panel whose side line something in front cut short as tall as the row, keeping what was seen', () => {
    const cutShort: PanelCorner = { x: 400, y: 50, width: 90, height: 60 };
    const [door] = doorsAlongPanelRows([cutShort], [rowDoor], TOLERANCE);
    expect(boxes([door])).toEqual([[385, 35, 504, 214]]);
    expect(door.seen).toEqual(cutShort);
  });

  it('should imply nothing from an L taller than the row, too short a part of it, or not level with it', () => {
    const corners: PanelCorner[] = [
      { x: 400, y: 50, width: 60, height: 400 },
      { x: 500, y: 50, width: 60, height: 40 },
      { x: 600, y: 120, width: 60, height: 150 },
    ];
    expect(doorsAlongPanelRows(corners, [rowDoor], TOLERANCE)).toEqual([]);
  });
});

describe('medianColour and hiddenShare', () => {
  it('should give a panel part its door colour when leaves cover under half of it, and their share', () => {
    const width = 10;
    const data = new Uint8Array(width * width * 3).fill(230);
    const leaf = (x: number) => x < 4;
    for (let y = 0; y < width; y++) {
      for (let x = 0; x < width; x++) {
        if (leaf(x)) data.set([40, 110, 40], (y * width + x) * 3);
      }
    }
    const image: RgbImage = { width, height: width, data };
    const box = { minX: 0, minY: 0, maxX: width - 1, maxY: width - 1 };
    expect(medianColour(image, box)).toEqual({ r: 230, g: 230, b: 230 });
    expect(hiddenShare(box, (x) => !leaf(x))).toBeCloseTo(0.4);
  });
});
