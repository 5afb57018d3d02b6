import { useState } from 'react';
import { Button, buttonClass } from '@/shared/ui/Button';
import { PathIcon } from '@/shared/ui/Icon';
import { visualizerCopy as copy } from '../copy';
import { visualizerIcons as icons } from '../icons';
import { FullscreenView, type FullscreenMode } from './FullscreenView';

interface Props {
  originalUrl: string;
  originalName: string;
  resultUrl: string;
  patternId: string;
  onTryAnother: () => void;
  onChangeImage: () => void;
}

function ImageCard(props: {
  label: string;
  url: string;
  alt: string;
  downloadName: string;
  testId: string;
  onFullscreen: () => void;
}) {
  return (
    <div className="card viz-result-card" data-testid={props.testId}>
      <p className="viz-result-label">{props.label}</p>
      <img src={props.url} alt={props.alt} className="viz-result-image" />
      <div className="viz-result-actions">
        <a
          className={buttonClass({ size: 'small' })}
          href={props.url}
          download={props.downloadName}
        >
          <PathIcon path={icons.download} className="icon-small" />
          {copy.download}
        </a>
        <Button size="small" onClick={props.onFullscreen}>
          <PathIcon path={icons.fullscreen} className="icon-small" />
          {copy.fullscreen}
        </Button>
      </div>
    </div>
  );
}

/**
 * The original and the new look side by side, with the next steps and the fullscreen views. Its
 * code loads once a render is asked for (docs/decisions/0119-visualizer-steps-load-on-intent.md).
 */
export default function ResultView(props: Props) {
  const { patternId } = props;
  const [fullscreen, setFullscreen] = useState<FullscreenMode | null>(null);
  const openQuote = () =>
    window.open(`/quote?pattern=${encodeURIComponent(patternId)}`, '_blank', 'noopener');
  return (
    <div className="viz-result" data-testid="result-view">
      <div className="viz-result-images">
        <ImageCard
          label={copy.original}
          url={props.originalUrl}
          alt={copy.uploadedAlt}
          downloadName={props.originalName}
          testId="result-original"
          onFullscreen={() => setFullscreen('original')}
        />
        <ImageCard
          label={copy.result(patternId)}
          url={props.resultUrl}
          alt={copy.resultAlt(patternId)}
          downloadName={`keittio-visualisointi-${patternId}.jpg`}
          testId="result-new"
          onFullscreen={() => setFullscreen('result')}
        />
      </div>
      <div className="viz-result-next">
        <Button variant="contained" onClick={() => setFullscreen('compare')}>
          <PathIcon path={icons.compare} className="icon-small" />
          {copy.compare}
        </Button>
        <Button variant="outlined" onClick={props.onTryAnother}>
          <PathIcon path={icons.refresh} className="icon-small" />
          {copy.tryAnother}
        </Button>
        <Button variant="outlined" onClick={props.onChangeImage}>
          {copy.changeImage}
        </Button>
        <Button variant="contained" accent onClick={openQuote}>
          {copy.requestQuote}
          <PathIcon path={icons.openInNew} className="icon-small" />
        </Button>
      </div>
      {fullscreen && (
        <FullscreenView
          mode={fullscreen}
          originalUrl={props.originalUrl}
          resultUrl={props.resultUrl}
          patternId={patternId}
          onClose={() => setFullscreen(null)}
        />
      )}
    </div>
  );
}
