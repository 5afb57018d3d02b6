import { Icon } from '@/shared/ui/Icon';
import { ModalDialog } from '@/shared/ui/ModalDialog';
import { visualizerCopy as copy } from '../copy';
import { CompareSlider } from './CompareSlider';

export type FullscreenMode = 'original' | 'result' | 'compare';

interface Props {
  mode: FullscreenMode;
  originalUrl: string;
  resultUrl: string;
  patternId: string;
  onClose: () => void;
}

/** Fullscreen: a single image or the before/after comparison (docs/product.md#visualizer). */
export function FullscreenView({ mode, originalUrl, resultUrl, patternId, onClose }: Props) {
  const title =
    mode === 'compare'
      ? copy.compare
      : mode === 'original'
        ? copy.original
        : copy.result(patternId);
  return (
    <ModalDialog labelledBy="fullscreen-title" onClose={onClose} className="viz-fullscreen">
      <div className="viz-fullscreen-bar">
        <h2 id="fullscreen-title" className="viz-fullscreen-title">
          {title}
        </h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={copy.close}>
          <Icon name="close" />
        </button>
      </div>
      <div className="viz-fullscreen-body">
        {mode === 'compare' ? (
          <CompareSlider
            beforeUrl={originalUrl}
            afterUrl={resultUrl}
            afterAlt={copy.resultAlt(patternId)}
          />
        ) : (
          <img
            src={mode === 'original' ? originalUrl : resultUrl}
            alt={mode === 'original' ? copy.original : copy.resultAlt(patternId)}
            className="viz-fullscreen-image"
          />
        )}
      </div>
    </ModalDialog>
  );
}
