import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyPage } from '@/app/loadChunk';
import { Link } from '@/app/router';
import { FREE_RENDERS_PER_VISITOR, type FrontOutline } from '#src/contract/visualizer';
import { routes } from '@/app/routes';
import { errorMessage } from '@/shared/api/errorMessage';
import { useSend } from '@/shared/api/postJson';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { trackEvent } from '@/shared/tracking/analytics';
import { trackPixel } from '@/shared/tracking/metaPixel';
import { Alert } from '@/shared/ui/Alert';
import { Button } from '@/shared/ui/Button';
import { Icon, PathIcon } from '@/shared/ui/Icon';
import {
  detectFronts,
  getVisualizerStatus,
  visualize as sendVisualization,
} from '../api/visualizerApi';
import { PatternPicker } from './PatternPicker';
import { ProgressPanel } from './ProgressPanel';
import { UploadStep } from './UploadStep';
import { LIMIT_TEXT, visualizerCopy as copy } from '../copy';
import { useGenerationCounter } from '../hooks/useGenerationCounter';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { useFreeRerenderWindow } from '../hooks/useFreeRerenderWindow';
import { useSimulatedProgress } from '../hooks/useSimulatedProgress';
import { visualizerIcons } from '../icons';
import { isAcceptedImage, isFreeRerender, isTooLarge } from '../lib/uploadRules';

/*
 * The correction step's editor and the result's views load once the visitor goes for them, in
 * the time a photo takes to pick and a render to make; everything before them comes with the
 * page (docs/decisions/0119-visualizer-steps-load-on-intent.md).
 */
const FrontEditor = lazyPage(() => import('./FrontEditor'));
const ResultView = lazyPage(() => import('./ResultView'));
const loadEditor = () => void FrontEditor.preload();

declare global {
  interface Window {
    /** Resets the browser's free-use count, for support and demos (docs/product.md#visualizer). */
    resetVisualizerGenerations?: () => void;
  }
}

interface UploadedImage {
  previewUrl: string;
  name: string;
  base64: string;
  /** When this photo's first render used a free render: re-renders within the window are free. */
  chargedAt?: number;
}

/** The file's bytes as base64, without the data-URL prefix (docs/product.md#visualizer). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export default function VisualizerPage() {
  usePageMeta(copy.title, copy.description);
  const toast = useToast();
  const counter = useGenerationCounter();
  const isAdmin = useIsAdmin();
  const [visualize, generating] = useSend(sendVisualization);
  /** Null while the fronts are being found (or when finding them failed: the server finds them). */
  const [fronts, setFronts] = useState<FrontOutline[] | null>(null);
  /** The server's name for the photo while its taps are answered by the model. */
  const [uploadId, setUploadId] = useState<string | undefined>(undefined);
  const [frontsFailed, setFrontsFailed] = useState(false);
  const { progress, start, succeed, fail } = useSimulatedProgress();
  const [image, setImage] = useState<UploadedImage | null>(null);
  const rerenderIsFree = useFreeRerenderWindow(image?.chargedAt);
  const [pattern, setPattern] = useState<string | null>(null);
  const [resultUrl, setResultUrl] = useState<string | null>(null);
  const exhausted = !isAdmin && counter.remaining <= 0;
  const { atLeast, reset } = counter;

  // The server counts too (docs/product.md#visualizer): a browser that forgot its count learns it.
  useEffect(() => {
    let current = true;
    getVisualizerStatus().then(
      (status) => {
        if (current && !status.unlimited) atLeast(FREE_RENDERS_PER_VISITOR - status.remaining);
      },
      // The browser's own count stands.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [atLeast]);

  useEffect(() => {
    window.resetVisualizerGenerations = () => {
      reset();
      toast({ ...copy.toasts.reset, variant: 'success' });
    };
  }, [reset, toast]);

  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.previewUrl);
  }, [image]);

  const onFile = useCallback(
    async (file: File, fromCamera: boolean) => {
      if (!isAcceptedImage(file)) {
        toast({ ...copy.toasts.unsupported, variant: 'destructive' });
        return;
      }
      if (isTooLarge(file)) {
        const tooLarge = fromCamera ? copy.toasts.cameraTooLarge : copy.toasts.tooLarge;
        toast({ ...tooLarge, variant: 'destructive' });
        return;
      }
      loadEditor();
      try {
        const base64 = await readAsBase64(file);
        setImage({ previewUrl: URL.createObjectURL(file), name: file.name, base64 });
        setPattern(null);
        setResultUrl(null);
        setFronts(null);
        setUploadId(undefined);
        setFrontsFailed(false);
        detectFronts({ kitchenImage: base64 }).then(
          (found) => {
            setUploadId(found.uploadId);
            setFronts(found.fronts);
          },
          () => setFrontsFailed(true),
        );
      } catch {
        toast({ ...copy.toasts.readFailed, variant: 'destructive' });
      }
    },
    [toast],
  );

  const changeImage = () => {
    setImage(null);
    setFronts(null);
    setFrontsFailed(false);
    setPattern(null);
    setResultUrl(null);
  };
  const tryAnother = () => {
    setPattern(null);
    setResultUrl(null);
  };
  const selectPattern = (code: string) => {
    setPattern(code);
    setResultUrl(null);
  };

  const generate = async () => {
    if (!image || !pattern) {
      toast({ ...copy.toasts.missing, variant: 'destructive' });
      return;
    }
    if (fronts?.length === 0) {
      toast({ ...copy.toasts.noFronts, variant: 'destructive' });
      return;
    }
    const freeRerender = isFreeRerender(image.chargedAt, Date.now());
    if (exhausted && !freeRerender) {
      toast({ ...copy.toasts.outOfRenders, variant: 'destructive' });
      return;
    }
    toast({ ...copy.toasts.starting, variant: 'info', duration: 8000 });
    void ResultView.preload();
    start();
    try {
      const { imageUrl } = await visualize({
        kitchenImage: image.base64,
        patternId: pattern,
        ...(fronts ? { fronts } : {}),
      });
      succeed();
      setResultUrl(imageUrl);
      if (!isAdmin && !freeRerender) {
        counter.increment();
        setImage({ ...image, chargedAt: Date.now() });
      }
      trackPixel('ViewContent', {
        content_name: pattern,
        content_ids: [pattern],
        content_type: 'product',
      });
      trackEvent('visualization_completed', { patternId: pattern, patternName: pattern });
    } catch (error) {
      fail();
      const message = errorMessage(error, '');
      if (message.includes(LIMIT_TEXT) && !isAdmin) {
        counter.exhaust();
        toast({ ...copy.toasts.limitReached, variant: 'destructive' });
      } else {
        toast({
          title: copy.toasts.failed.title,
          description: message || copy.toasts.failed.fallback,
          variant: 'destructive',
        });
      }
    }
  };

  const blocked = exhausted && !rerenderIsFree;
  const buttonLabel = blocked
    ? copy.exhaustedButton
    : generating
      ? copy.generating
      : isAdmin
        ? copy.generateAdmin
        : copy.generate(counter.remaining);

  return (
    <div className="container viz-page">
      <div>
        <div className="viz-heading">
          <h1 className="page-title viz-title">{copy.heading}</h1>
          {isAdmin ? (
            <span className="badge badge-admin" data-testid="usage-badge">
              <PathIcon path={visualizerIcons.allInclusive} className="icon-small" />
              {copy.adminBadge}
            </span>
          ) : (
            <span className={exhausted ? 'badge badge-error' : 'badge'} data-testid="usage-badge">
              {copy.remainingBadge(counter.remaining)}
            </span>
          )}
        </div>
        <p className="muted viz-lead">{copy.lead}</p>
      </div>

      {exhausted && (
        <Alert severity="error" className="alert-filled" data-testid="exhausted-banner">
          {copy.exhaustedBanner} <Link to={routes.quote}>{copy.exhaustedLink}</Link>
        </Alert>
      )}

      <UploadStep
        previewUrl={image?.previewUrl ?? null}
        fileName={image?.name ?? null}
        disabled={generating}
        onFile={(file, fromCamera) => void onFile(file, fromCamera)}
        onChangeImage={changeImage}
        onIntent={loadEditor}
      />

      {image && !frontsFailed && (
        <Suspense fallback={<EditorLoading />}>
          <FrontEditor
            imageUrl={image.previewUrl}
            fronts={fronts}
            uploadId={uploadId}
            disabled={generating}
            onChange={(changed) => {
              setFronts(changed);
              setResultUrl(null);
            }}
          />
        </Suspense>
      )}

      {image && <PatternPicker selected={pattern} disabled={generating} onSelect={selectPattern} />}

      <div>
        <Button
          variant="contained"
          size="large"
          onClick={() => void generate()}
          disabled={generating || blocked}
          data-testid="generate-button"
        >
          <Icon name="sparkle" className="icon-small" />
          {buttonLabel}
        </Button>
      </div>

      {progress.active && <ProgressPanel progress={progress} />}

      {image && resultUrl && pattern && (
        <Suspense
          fallback={<div className="spinner" role="progressbar" aria-label={copy.loading} />}
        >
          <ResultView
            originalUrl={image.previewUrl}
            originalName={image.name}
            resultUrl={resultUrl}
            patternId={pattern}
            onTryAnother={tryAnother}
            onChangeImage={changeImage}
          />
        </Suspense>
      )}

      <p className="muted" data-testid="patterns-note">
        {copy.note}
        <Link to={routes.contact}>{copy.noteLink}</Link>
        {copy.noteEnd}
      </p>
    </div>
  );
}

/** The correction step while its code arrives: it has nothing to act on yet either. */
function EditorLoading() {
  return (
    <section className="card viz-step" data-testid="front-editor">
      <h2 className="viz-step-title">{copy.fronts.heading}</h2>
      <p className="muted">{copy.fronts.detecting}</p>
    </section>
  );
}
