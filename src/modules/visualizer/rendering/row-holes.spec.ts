import { shadedBox } from '#test/support/rule-engine-scenes.js';
import { doorInRoom, doorRoomsInRows } from './row-holes.js';

/** A front `width` px wide from `left`, in the row from y = 100 to 300. */
const front = (left: number, width = 80, top = 100, bottom = 300, shade = 200) =>
  shadedBox(left, width, top, bottom, shade);

describe(doorRoomsInRows.name, () => {
  it('should find the room a door would take between two fronts of a row', () => {
    const rooms = doorRoomsInRows([front(0), front(84), front(252)]);
    expect(rooms.map(({ room }) => room)).toEqual([{ minX: 164, minY: 100, maxX: 251, maxY: 300 }]);
  });

  it('should find no room where the fronts stand a gap apart', () => {
    expect(doorRoomsInRows([front(0), front(84), front(168), front(252)])).toEqual([]);
  });

  it('should find no room narrower than half the narrower of the fronts beside it', () => {
    expect(doorRoomsInRows([front(0), front(110)])).toEqual([]);
  });

  it('should find no room between fronts of different rows (a wall unit over a drawer)', () => {
    expect(doorRoomsInRows([front(0, 80, 0, 90), front(200, 80, 100, 300)])).toEqual([]);
  });

  it('should find no room where another front stands in it (a tall door beside a drawer stack)', () => {
    const drawers = [front(0, 80, 100, 190), front(0, 80, 200, 300)];
    const tall = front(90, 80, 20, 300);
    expect(doorRoomsInRows([...drawers, front(260, 80, 100, 300), tall])).toEqual([
      { room: { minX: 170, minY: 100, maxX: 259, maxY: 300 }, left: tall, right: front(260) },
    ]);
  });

  it("should take the nearest front to the right as the room's other side", () => {
    const rooms = doorRoomsInRows([front(0), front(400), front(200)]);
    expect(rooms.map(({ room }) => [room.minX, room.maxX])).toEqual([
      [80, 199],
      [280, 399],
    ]);
  });
});

describe(doorInRoom.name, () => {
  const oneFinish = (a: { shade: number }, b: { shade: number }) =>
    Math.max(a.shade, b.shade) <= 1.2 * Math.min(a.shade, b.shade);
  const row = [front(0), front(84), front(336)];

  it("should tell of a door of the row's finish another pass found in a room of the row", () => {
    expect(doorInRoom(row, [front(168)], oneFinish)).toBe(true);
  });

  it('should tell of a door found whole over pieces of doors and the room beside them', () => {
    expect(doorInRoom(row, [front(150, 160)], oneFinish)).toBe(true);
  });

  it('should not tell of what stands in the room in another finish (an oven, a window)', () => {
    expect(doorInRoom(row, [front(168, 80, 100, 300, 40)], oneFinish)).toBe(false);
  });

  it('should not tell of a front whose middle is out of the room (a front found already)', () => {
    expect(doorInRoom(row, [front(84), front(40, 80, 320, 400)], oneFinish)).toBe(false);
  });

  it('should not tell of anything where the row leaves no room', () => {
    expect(doorInRoom([front(0), front(84)], [front(168)], oneFinish)).toBe(false);
  });
});
