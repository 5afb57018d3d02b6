import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Arrow keys jump a picked-up card to the neighbouring column instead of nudging it a few
 * pixels, so moving a lead by keyboard takes one key press per column.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, droppableContainers } = context;
  if (!active || !collisionRect) return undefined;
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect): rect is NonNullable<typeof rect> => !!rect)
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = columns.findIndex((rect) => centre >= rect.left && centre <= rect.right);
  const target = columns[(current === -1 ? 0 : current) + step];
  if (!target) return undefined;
  return {
    x: target.left + Math.max(0, (target.width - collisionRect.width) / 2),
    y: target.top + 8,
  };
};
