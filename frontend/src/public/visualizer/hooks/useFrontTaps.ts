import { useEffect, useRef, useState } from 'react';
import {
  type FrontOutline,
  isInsideOutline,
  MAX_POINTS_PER_TAP,
  type TapPoint,
  type TapRequest,
} from '#src/contract/visualizer';
import { errorMessage } from '@/shared/api/errorMessage';
import { useSend } from '@/shared/api/postJson';
import { tapFront as sendTap } from '../api/visualizerApi';

type Prompt = Omit<TapRequest, 'uploadId'>;

interface Options {
  /** The server's name for the photo; without it taps are outlined here in the browser. */
  uploadId?: string;
  fronts: FrontOutline[];
  onChange: (fronts: FrontOutline[]) => void;
  /** A front grown from the tap in the browser, when the server cannot answer. */
  outlineHere: (x: number, y: number) => FrontOutline;
}

const key = (outline: FrontOutline) => outline.map(([x, y]) => `${x},${y}`).join(' ');

/** A box dragged on the photo (shares) as an outline of its own. */
export const boxOutline = (x0: number, y0: number, x1: number, y1: number): FrontOutline => {
  const [left, right] = [Math.min(x0, x1), Math.max(x0, x1)];
  const [top, bottom] = [Math.min(y0, y1), Math.max(y0, y1)];
  return [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
};

/**
 * The correction step's taps answered by the server's segmentation model
 * (docs/decisions/0108-tap-segmentation-model.md): a tap or a box adds the front under it, a
 * negative tap takes its point out of a front added by tapping, or removes a wrong outline.
 */
export function useFrontTaps({ uploadId, fronts, onChange, outlineHere }: Options) {
  const [tapFront, busy] = useSend(sendTap);
  const [message, setMessage] = useState<string | null>(null);
  /** The prompt each outline added by tapping came from, so a negative tap can refine it. */
  const prompts = useRef(new Map<string, Prompt>());
  /** The fronts as they are when an answer arrives, not as they were when the tap was sent. */
  const latest = useRef(fronts);
  useEffect(() => {
    latest.current = fronts;
  }, [fronts]);

  /** The server's outline for a prompt; null (with the reason shown) when it found none. */
  const ask = async (prompt: Prompt): Promise<FrontOutline | 'none' | 'failed'> => {
    if (!uploadId) return 'failed';
    setMessage(null);
    try {
      const { front } = await tapFront({ uploadId, ...prompt });
      prompts.current.set(key(front), prompt);
      return front;
    } catch (error) {
      setMessage(errorMessage(error, ''));
      return (error as { status?: number }).status === 422 ? 'none' : 'failed';
    }
  };

  const add = async (prompt: Prompt, fallback: () => FrontOutline) => {
    const answer = await ask(prompt);
    if (answer === 'none') return;
    onChange([...latest.current, answer === 'failed' ? fallback() : answer]);
  };

  return {
    busy,
    message,
    addAt: (x: number, y: number) =>
      add({ points: [{ x, y, include: true }] }, () => outlineHere(x, y)),
    addBox: (x0: number, y0: number, x1: number, y1: number) => {
      const box: [number, number, number, number] = [
        Math.min(x0, x1),
        Math.min(y0, y1),
        Math.max(x0, x1),
        Math.max(y0, y1),
      ];
      return add({ box }, () => boxOutline(x0, y0, x1, y1));
    },
    /** A negative tap: refines a front the visitor tapped in, else removes the outline under it. */
    removeAt: async (x: number, y: number) => {
      const current = latest.current;
      const hit = current.findIndex((outline) => isInsideOutline(outline, x, y));
      if (hit < 0) return;
      const earlier = prompts.current.get(key(current[hit]));
      const without = () => latest.current.filter((outline) => outline !== current[hit]);
      if (!earlier || !uploadId) {
        onChange(without());
        return;
      }
      const points: TapPoint[] = [...(earlier.points ?? []), { x, y, include: false }];
      const answer = await ask({ ...earlier, points: points.slice(-MAX_POINTS_PER_TAP) });
      if (answer === 'none' || answer === 'failed' || isInsideOutline(answer, x, y)) {
        onChange(without());
        return;
      }
      onChange(latest.current.map((outline) => (outline === current[hit] ? answer : outline)));
    },
  };
}
