import {
  doorsAroundPanelRows,
  holeDown,
  isPlainPanel,
  panelCorners,
  panelsApart,
  sideLinesThroughHoles,
  type PanelCorner,
} from './panel-rows.js';

const TOLERANCE = 8;

describe('doorsAroundPanelRows', () => {
  it('should put a door round each of two panels side by side, half the space between them outside each', () => {
    const panels: PanelCorner[] = [
      { x: 100, y: 50, width: 60, height: 150 },
      { x: 190, y: 51, width: 61, height: 149 },
    ];
    const doors = doorsAroundPanelRows(panels, TOLERANCE);
    expect(doors.map(({ minX, minY, maxX, maxY }) => [minX, minY, maxX, maxY])).toEqual([
      [85, 35, 174, 214],
      [175, 36, 265, 214],
    ]);
  });

  it('should put a door round each drawer of a stack, whatever the height of the doors beside it', () => {
    const drawers: PanelCorner[] = [0, 1, 2].map((k) => ({
      x: 300,
      y: 40 + k * 90,
      width: 120,
      height: 60,
    }));
    expect(doorsAroundPanelRows(drawers, TOLERANCE)).toHaveLength(3);
  });

  it('should imply no door round lines a few pixels apart, as streaks on an appliance are', () => {
    const streaks: PanelCorner[] = [
      { x: 100, y: 50, width: 44, height: 54 },
      { x: 148, y: 52, width: 55, height: 48 },
    ];
    expect(doorsAroundPanelRows(streaks, TOLERANCE)).toEqual([]);
  });

  it('should imply no door round a panel alone, nor round one whose neighbour is of another size or too far', () => {
    const panels: PanelCorner[] = [
      { x: 100, y: 50, width: 60, height: 150 },
      { x: 190, y: 50, width: 90, height: 100 },
      { x: 400, y: 50, width: 60, height: 150 },
    ];
    expect(doorsAroundPanelRows(panels, TOLERANCE)).toEqual([]);
  });
});

describe("doorsAroundPanelRows where a panel's side line is broken off or runs on", () => {
  const boxes = (doors: ReturnType<typeof doorsAroundPanelRows>) =>
    doors.map(({ minX, minY, maxX, maxY }) => [minX, minY, maxX, maxY]);

  it('should make a panel whose line broke off in the shade as tall as the neighbour its row bears out', () => {
    const panels: PanelCorner[] = [
      { x: 100, y: 50, width: 60, height: 80 },
      { x: 190, y: 50, width: 60, height: 150 },
      { x: 280, y: 51, width: 60, height: 149 },
    ];
    expect(boxes(doorsAroundPanelRows(panels, TOLERANCE))).toEqual([
      [85, 35, 174, 214],
      [175, 35, 264, 214],
      [265, 36, 354, 214],
    ]);
  });

  it('should make two panels as wide, whose lines end at different lengths and none bears out, as tall as the shorter', () => {
    const panels: PanelCorner[] = [
      { x: 100, y: 50, width: 60, height: 150 },
      { x: 190, y: 51, width: 62, height: 170 },
    ];
    expect(boxes(doorsAroundPanelRows(panels, TOLERANCE))).toEqual([
      [85, 35, 174, 214],
      [175, 36, 266, 215],
    ]);
  });

  it("should pair no panel with a line as wide running on past twice its length, as an appliance's side does", () => {
    const panels: PanelCorner[] = [
      { x: 100, y: 50, width: 45, height: 480 },
      { x: 167, y: 54, width: 50, height: 165 },
    ];
    expect(doorsAroundPanelRows(panels, TOLERANCE)).toEqual([]);
  });
});

describe('isPlainPanel', () => {
  const WIDTH = 100;
  const panel: PanelCorner = { x: 10, y: 10, width: 60, height: 80 };
  /** The panel's L, three pixels thick, and whatever `inside` adds. */
  const lines = (inside: (x: number, y: number) => boolean) => {
    const boundaries = new Uint8Array(WIDTH * WIDTH);
    for (let y = 0; y < WIDTH; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const onL =
          (y >= 10 && y < 13 && x >= 10 && x < 70) || (x >= 10 && x < 13 && y >= 10 && y < 90);
        if (onL || inside(x, y)) boundaries[y * WIDTH + x] = 1;
      }
    }
    return boundaries;
  };

  it('should take a panel with nothing but a handle inside for plain', () => {
    const handle = lines((x, y) => x >= 55 && x < 60 && y >= 40 && y < 60);
    expect(isPlainPanel(handle, WIDTH, panel, 2)).toBe(true);
  });

  it('should take tiles, lines all over, for no panel', () => {
    const grout = lines((x, y) => x % 12 === 0 || y % 12 === 0);
    expect(isPlainPanel(grout, WIDTH, panel, 2)).toBe(false);
  });

  const grained = lines(
    (x, y) => (x % 7 === 0 && y >= 20 && y < 85) || (x >= 55 && x < 60 && y >= 40 && y < 60),
  );

  it('should take a panel its row bears out, streaks of grain down it as well as its handle, for plain', () => {
    expect(isPlainPanel(grained, WIDTH, panel, 2, { grain: true })).toBe(true);
  });

  it('should take streaks for lines otherwise, as on brushed steel', () => {
    expect(isPlainPanel(grained, WIDTH, panel, 2)).toBe(false);
  });

  it("should take streaks running across a panel for lines when only grain down it is let off, as a floor's planks are grained", () => {
    const across = lines(
      (x, y) => (y % 7 === 0 && x >= 20 && x < 65) || (x >= 55 && x < 60 && y >= 40 && y < 60),
    );
    expect(isPlainPanel(grained, WIDTH, panel, 2, { grain: 'down' })).toBe(true);
    expect(isPlainPanel(across, WIDTH, panel, 2, { grain: true })).toBe(true);
    expect(isPlainPanel(across, WIDTH, panel, 2, { grain: 'down' })).toBe(false);
  });

  /** Grain in hard light: streaks run together into bands 5 px across. */
  const bands = (x: number, y: number) =>
    (x >= 20 && x < 25 && y >= 30 && y < 80) || (x >= 52 && x < 58 && y >= 25 && y < 70);

  it('should take a panel its row bears out, its grain run together into bands, for plain', () => {
    expect(isPlainPanel(lines(bands), WIDTH, panel, 2, { grain: true })).toBe(true);
  });

  it('should look past a band meeting the top line for the lines inside: they are as many', () => {
    const meeting = lines((x, y) => bands(x, y) || (x >= 38 && x < 43 && y >= 13 && y < 75));
    expect(isPlainPanel(meeting, WIDTH, panel, 2)).toBe(false);
    expect(isPlainPanel(meeting, WIDTH, panel, 2, { grain: true })).toBe(true);
  });

  /** Leaves' outlines (rings) over the panel's lower part, reaching below the part seen. */
  const leaf = lines((x, y) =>
    [22, 42, 62].some((cx) => Math.abs(Math.hypot(x - cx, y - 56) - 8) < 1.5),
  );
  const seen: PanelCorner = { ...panel, height: 55 };

  it("should take a panel with leaves' outlines in it for no panel", () => {
    expect(isPlainPanel(leaf, WIDTH, seen, 2)).toBe(false);
  });

  it('should take the part seen above a leaf that cut its side line short for plain', () => {
    expect(isPlainPanel(leaf, WIDTH, seen, 2, { hiddenBelow: true })).toBe(true);
  });

  it("should take tiles for no panel though an L's side line is cut short: their grout runs up the whole part seen", () => {
    const grout = lines((x, y) => x % 12 === 0 || y % 12 === 0);
    expect(isPlainPanel(grout, WIDTH, seen, 2, { hiddenBelow: true })).toBe(false);
  });
});

describe('panelsApart', () => {
  const WIDTH = 420;
  const HEIGHT = 260;
  const REACH = 3;
  /** Lines drawn by `on`, each pixel of the picture asked once. */
  const draw = (on: (x: number, y: number) => boolean) => {
    const boundaries = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) if (on(x, y)) boundaries[y * WIDTH + x] = 1;
    }
    return boundaries;
  };
  /** Three flat doors, 100 px wide, a gap line down each side and the row's top line over them. */
  const doorOutline = (x: number, y: number) =>
    (y >= 48 && y < 53 && x >= 100 && x < 400) ||
    ([100, 200, 300, 400].some((gap) => x >= gap - 2 && x <= gap) && y >= 48 && y < 250);
  // The outlines of the first and the third taken for panels: L's at their top-left corners, the
  // top line read a little past the gap.
  const first: PanelCorner = { x: 101, y: 50, width: 102, height: 150 };
  const third: PanelCorner = { x: 301, y: 50, width: 102, height: 150 };
  const pair = (boundaries: Uint8Array) =>
    doorsAroundPanelRows([first, third], 8, (a, b) => panelsApart(boundaries, WIDTH, a, b, REACH));

  it("should pair no flat doors' outlines two doors apart: the row's top line runs on over the door between", () => {
    const outlines = draw(doorOutline);
    expect(panelsApart(outlines, WIDTH, first, third, REACH)).toBe(false);
    expect(pair(outlines)).toEqual([]);
  });

  it('should pair two shaker panels as wide apart, each top line ending at its panel, into doors', () => {
    const panels = draw(
      (x, y) =>
        (y >= 48 && y < 53 && ((x >= 101 && x < 203) || (x >= 301 && x < 403))) ||
        ([101, 301].some((side) => x >= side && x < side + 3) && y >= 48 && y < 200),
    );
    expect(panelsApart(panels, WIDTH, first, third, REACH)).toBe(true);
    expect(pair(panels)).toHaveLength(2);
  });

  it("should pair panels whose doors' top edge runs together with their tops where the gap between the doors shows", () => {
    const withGap = draw(
      (x, y) =>
        (doorOutline(x, y) && x < 200) ||
        (y >= 48 && y < 53 && x >= 100 && x < 400) ||
        (x >= 249 && x < 252 && y >= 48 && y < 250) ||
        (x >= 301 && x < 304 && y >= 48 && y < 200),
    );
    expect(panelsApart(withGap, WIDTH, first, third, REACH)).toBe(true);
  });

  it('should take streaks of grain crossing the space, run together in hard light, for no line along it', () => {
    // Streaks seven pixels wide, one apart, down the door between from above the row to a third of its height.
    const streaks = draw(
      (x, y) =>
        (doorOutline(x, y) && (x < 200 || x > 300 || y > 53)) ||
        (x >= 200 && x <= 300 && x % 8 !== 0 && y >= 20 && y < 110),
    );
    expect(panelsApart(streaks, WIDTH, first, third, REACH)).toBe(true);
  });

  it('should not look into a space no wider than two frames, where a door edge runs together with its panel top', () => {
    const near: PanelCorner = { ...third, x: 240 };
    const merged = draw((x, y) => y >= 48 && y < 53 && x >= 100 && x < 400);
    expect(panelsApart(merged, WIDTH, first, near, REACH)).toBe(true);
  });
});

describe('panelCorners on a slanted top line', () => {
  const WIDTH = 200;
  const HEIGHT = 200;
  /** A panel's L: a top line 3 px thick stepping a row down every 20 columns, a left line down. */
  const slantedL = () => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    for (let x = 40; x < 140; x++) {
      const top = 30 + Math.floor((x - 40) / 20);
      for (let y = top; y < top + 3; y++) lines[y * WIDTH + x] = 1;
    }
    for (let y = 30; y < 150; y++) for (let x = 40; x < 43; x++) lines[y * WIDTH + x] = 1;
    return lines;
  };

  it('should read the top line of a panel seen at an angle as long as the panel is wide', () => {
    const corners = panelCorners(slantedL(), WIDTH, HEIGHT, 30, true);
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 120 });
    expect(corners[0].width).toBeGreaterThanOrEqual(99);
  });

  it('should read it row by row otherwise, where it ends a few steps along', () => {
    const corners = panelCorners(slantedL(), WIDTH, HEIGHT, 30);
    expect(Math.max(...corners.map(({ width }) => width))).toBeLessThan(61);
  });

  it('should take no streak running down for a line across, slanted or not', () => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    for (let x = 40; x < 140; x += 4) for (let y = 30; y < 150; y++) lines[y * WIDTH + x] = 1;
    expect(panelCorners(lines, WIDTH, HEIGHT, 30, true)).toEqual([]);
  });
});

describe('sideLinesThroughHoles', () => {
  const WIDTH = 300;
  const HEIGHT = 200;
  /**
   * Two panels' L's side by side, 80 × 120 px (with `pairedBeside`, a third, 40 px wide, right of
   * them). A handle stands on the left one's side line, a blob 12 px thick from row 50 to
   * `handleEnd`, and `hole` (columns and rows) is no line inside it, across the column the
   * corner stands on.
   */
  const handleOnSideLine = (
    hole: { left: number; right: number; top: number; bottom: number },
    beside = true,
    handleEnd = 90,
    pairedBeside = false,
  ) => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    const draw = (left: number, right: number, top: number, bottom: number, value = 1) => {
      for (let y = top; y <= bottom; y++)
        for (let x = left; x <= right; x++) lines[y * WIDTH + x] = value;
    };
    draw(40, 119, 30, 32);
    draw(40, 41, 30, 149);
    draw(36, 47, 50, handleEnd);
    draw(hole.left, hole.right, hole.top, hole.bottom, 0);
    if (beside) {
      draw(150, 229, 30, 32);
      draw(150, 151, 30, 149);
    }
    if (pairedBeside) {
      draw(260, 299, 30, 32);
      draw(260, 261, 30, 149);
    }
    return lines;
  };
  const read = (lines: Uint8Array) =>
    sideLinesThroughHoles(panelCorners(lines, WIDTH, HEIGHT, 30), lines, WIDTH, HEIGHT, TOLERANCE);
  const enclosed = { left: 39, right: 41, top: 60, bottom: 63 };

  it('should read a side line on through a hole wholly inside it, as far down as the panel beside', () => {
    const lines = handleOnSideLine(enclosed);
    expect(panelCorners(lines, WIDTH, HEIGHT, 30)[0]).toMatchObject({ x: 40, y: 30, height: 30 });
    const corners = read(lines);
    expect(corners[0]).toMatchObject({ x: 40, y: 30, width: 80, height: 120 });
    expect(doorsAroundPanelRows(corners, TOLERANCE)).toHaveLength(2);
  });

  it('should not read it on through a notch open to the side', () => {
    const corners = read(handleOnSideLine({ ...enclosed, left: 30 }));
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 30 });
  });

  it('should not read it on through a gap as long as a hole can be', () => {
    const corners = read(handleOnSideLine({ ...enclosed, bottom: 69 }));
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 30 });
  });

  it('should leave it as read where no panel beside bears out that it goes on', () => {
    const corners = read(handleOnSideLine(enclosed, false));
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 30 });
  });

  it('should leave it as read where the panel beside has a partner of its own', () => {
    const corners = read(handleOnSideLine(enclosed, true, 90, true));
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 30 });
  });

  it('should leave a line that ended past half the panel beside as read', () => {
    const corners = read(handleOnSideLine({ ...enclosed, top: 100, bottom: 103 }, true, 110));
    expect(corners[0]).toMatchObject({ x: 40, y: 30, height: 70 });
  });
});

describe('holeDown', () => {
  const WIDTH = 40;
  const HEIGHT = 40;
  /** A ring of line round a hole `size` px square at (10, 10). */
  const ring = (size: number, open = false) => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 8; y < 12 + size; y++)
      for (let x = 8; x < 12 + size; x++) {
        const inside = x >= 10 && x < 10 + size && y >= 10 && y < 10 + size;
        if (!inside) lines[y * WIDTH + x] = 1;
      }
    if (open) lines[11 * WIDTH + 8] = lines[11 * WIDTH + 9] = 0;
    return lines;
  };

  it('should count the rows of a hole wholly inside a line', () => {
    expect(holeDown(ring(4), WIDTH, HEIGHT, 11, 10)).toBe(4);
  });

  it('should count none where the hole opens out, or is as big as a gap', () => {
    expect(holeDown(ring(4, true), WIDTH, HEIGHT, 11, 10)).toBe(0);
    expect(holeDown(ring(8), WIDTH, HEIGHT, 11, 10)).toBe(0);
  });
});
