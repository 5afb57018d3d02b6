/**
 * A door is 0.3–1 times as wide as it is tall, whatever its finish: a narrow larder door to a wide
 * drawer front (test/bench/visualizer-tuning-log.md#0055).
 */
export const MIN_DOOR_ASPECT = 0.3;
export const MAX_DOOR_ASPECT = 1;

export function isDoorSized(width: number, height: number): boolean {
  return width >= MIN_DOOR_ASPECT * height && width <= MAX_DOOR_ASPECT * height;
}
