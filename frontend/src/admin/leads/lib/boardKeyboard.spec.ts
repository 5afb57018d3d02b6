import { describe, expect, it, jest } from '@jest/globals';
import { columnKeyboardCoordinates } from './boardKeyboard';

type Rect = { left: number; top: number; width: number; right: number };
const rect = (left: number, width = 200): Rect => ({ left, top: 100, width, right: left + width });

/** A board of three columns, 220 px apart, with the card held over the given one. */
function press(code: string, heldOver: number) {
  const columns = new Map([
    ['new', rect(0)],
    ['contacted', rect(220)],
    ['won', rect(440)],
  ]);
  const held = rect(columns.get(['new', 'contacted', 'won'][heldOver])!.left + 10, 180);
  const event = { code, preventDefault: jest.fn() };
  const context = {
    active: { id: 'lead-1' },
    collisionRect: held,
    droppableRects: columns,
    // Out of left-to-right order on purpose: the board sorts by position.
    droppableContainers: { getEnabled: () => [{ id: 'won' }, { id: 'new' }, { id: 'contacted' }] },
  };
  const args = { context } as unknown as Parameters<typeof columnKeyboardCoordinates>[1];
  const result = columnKeyboardCoordinates(event as unknown as KeyboardEvent, args);
  return { result, prevented: event.preventDefault.mock.calls.length > 0 };
}

describe('columnKeyboardCoordinates', () => {
  it('should move a held card one whole column right, centred in it', () => {
    expect(press('ArrowRight', 0)).toEqual({ result: { x: 230, y: 108 }, prevented: true });
  });

  it('should move a held card one column left', () => {
    expect(press('ArrowLeft', 2).result).toEqual({ x: 230, y: 108 });
  });

  it('should stay put at the edge of the board', () => {
    expect(press('ArrowRight', 2).result).toBeUndefined();
    expect(press('ArrowLeft', 0).result).toBeUndefined();
  });

  it('should leave other keys to dnd-kit', () => {
    expect(press('ArrowDown', 1)).toEqual({ result: undefined, prevented: false });
  });
});
