import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { FREE_RERENDER_WINDOW_MS } from '../visualizer.constants.js';

/**
 * Uploads a visitor has paid a free render for, kept for the re-render window: correcting the
 * fronts or trying another pattern on the same photo then costs nothing. Held in memory (the
 * window is short): after a restart, a re-render of a photo from before it counts once more.
 */
@Injectable()
export class RecentUploads {
  /** Visitor and photo digest to when the free window ends; oldest first (insertion order). */
  private readonly windows = new Map<string, number>();

  static digest(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('base64url');
  }

  isFreeRerender(visitorId: string, digest: string, now = Date.now()): boolean {
    const endsAt = this.windows.get(`${visitorId}:${digest}`);
    return endsAt !== undefined && endsAt > now;
  }

  /** The visitor was charged for this photo: re-renders are free for the window from now. */
  charged(visitorId: string, digest: string, now = Date.now()): void {
    for (const [key, endsAt] of this.windows) {
      if (endsAt > now) break;
      this.windows.delete(key);
    }
    const key = `${visitorId}:${digest}`;
    this.windows.delete(key);
    this.windows.set(key, now + FREE_RERENDER_WINDOW_MS);
  }
}
