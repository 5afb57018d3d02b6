import { doorsOnRowLines, rowsOfTwo, type Corners } from './row-lines-on.js';

// Measured on a photo taken at an angle (1265 × 791 for analysis): a pair of near-black wall
// units on the left, their tops and bottoms slanting down to the right as the run recedes.
const LEFT_PAIR: Corners[] = [
  [
    [78, 64],
    [218, 74],
    [215, 260],
    [78, 256],
  ],
  [
    [223, 75],
    [350, 85],
    [350, 264],
    [225, 259],
  ],
];
/** Half the alignment tolerance of a picture 791 pixels tall. */
const REACH = 6;
const MEASURES = { reach: REACH, gap: 2 * REACH, twinWidth: 0.1 };

/** The pair of grained wall units 500 px on along the same lines, one lit and one in shade. */
const FAR_PAIR: Corners[] = [
  [
    [835, 124],
    [938, 132],
    [935, 283],
    [834, 280],
  ],
  [
    [945, 133],
    [1040, 140],
    [1039, 287],
    [943, 283],
  ],
];
/** A steel fridge's freezer door at the end of the run, level with the wall units. */
const FREEZER: Corners = [
  [1118, 145],
  [1254, 155],
  [1254, 291],
  [1118, 287],
];

describe('rowsOfTwo', () => {
  it('should give the lines through the outer corners of two fronts side by side on them', () => {
    const rows = rowsOfTwo(LEFT_PAIR, REACH);
    expect(rows).toHaveLength(1);
    expect(rows[0].top).toEqual([
      [78, 64],
      [350, 85],
    ]);
    expect(rows[0].bottom).toEqual([
      [78, 256],
      [350, 264],
    ]);
  });

  it('should give no row of two fronts one above the other or of a different height', () => {
    const below: Corners = [
      [80, 380],
      [250, 383],
      [250, 630],
      [80, 640],
    ];
    const shorter: Corners = [
      [223, 75],
      [350, 85],
      [350, 200],
      [225, 195],
    ];
    expect(rowsOfTwo([LEFT_PAIR[0], below], REACH)).toEqual([]);
    expect(rowsOfTwo([LEFT_PAIR[0], shorter], REACH)).toEqual([]);
  });
});

describe('doorsOnRowLines', () => {
  const rows = rowsOfTwo(LEFT_PAIR, REACH);

  it('should take a plain door whose corners lie on a row’s lines run on, far along the slant', () => {
    const door = { corners: FAR_PAIR[0], streaked: false };
    expect([...doorsOnRowLines([door], rows, MEASURES)]).toEqual([0]);
  });

  it('should leave out a door whose top or bottom stands off the lines', () => {
    const lower = FAR_PAIR[0].map(([x, y]): [number, number] => [x, y + 15]);
    const shorter: Corners = [FAR_PAIR[0][0], FAR_PAIR[0][1], [935, 240], [834, 237]];
    const doors = [lower, shorter].map((corners) => ({ corners, streaked: false }));
    expect([...doorsOnRowLines(doors, rows, MEASURES)]).toEqual([]);
  });

  it('should take streaked doors only as twins side by side, not a steel door alone', () => {
    const pair = FAR_PAIR.map((corners) => ({ corners, streaked: true }));
    const freezer = { corners: FREEZER, streaked: true };
    expect([...doorsOnRowLines([...pair, freezer], rows, MEASURES)].sort()).toEqual([0, 1]);
    expect([...doorsOnRowLines([pair[0], freezer], rows, MEASURES)]).toEqual([]);
  });
});
