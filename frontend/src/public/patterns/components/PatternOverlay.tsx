import type { Pattern } from '#src/contract/patterns';
import { patternsCopy } from '@/public/patterns/copy';
import { Icon } from '@/shared/ui/Icon';
import { ModalDialog } from '@/shared/ui/ModalDialog';

/**
 * The model's full image over a dark backdrop. Clicking anywhere but the image, the close button
 * or Escape closes it; focus stays inside and returns to the tile afterwards.
 */
export function PatternOverlay({ pattern, onClose }: { pattern: Pattern; onClose: () => void }) {
  return (
    <ModalDialog
      labelledBy="pattern-overlay-title"
      onClose={onClose}
      closeOnOutsideClick
      className="pattern-overlay"
      data-testid="pattern-overlay"
    >
      <button
        type="button"
        className="icon-btn pattern-overlay-close"
        onClick={onClose}
        aria-label={patternsCopy.close}
      >
        <Icon name="close" />
      </button>
      {/* Sized before the image arrives, so the frame does not jump when it loads. */}
      <img
        className="pattern-overlay-image"
        src={pattern.imagePath}
        alt={patternsCopy.imageAlt(pattern.name)}
        width={1024}
        height={1024}
      />
      <h2 id="pattern-overlay-title" className="pattern-overlay-title">
        {pattern.name}
      </h2>
    </ModalDialog>
  );
}
