import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, Box, Button, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from '@/app/router';
import { FREE_RENDERS_PER_VISITOR, type FrontOutline } from '#src/contract/visualizer';
import { routes } from '@/app/routes';
import { errorMessage } from '@/shared/api/errorMessage';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { trackEvent } from '@/shared/tracking/analytics';
import { trackPixel } from '@/shared/tracking/metaPixel';
import {
  useDetectFrontsMutation,
  useVisualizeMutation,
  useVisualizerStatusQuery,
} from '../api/visualizerApi';
import { FrontEditor } from './FrontEditor';
import { FullscreenView, type FullscreenMode } from './FullscreenView';
import { PatternPicker } from './PatternPicker';
import { ProgressPanel } from './ProgressPanel';
import { ResultView } from './ResultView';
import { UploadStep } from './UploadStep';
import { LIMIT_TEXT, visualizerCopy as copy } from '../copy';
import { useGenerationCounter } from '../hooks/useGenerationCounter';
import { useIsAdmin } from '../hooks/useIsAdmin';
import { useFreeRerenderWindow } from '../hooks/useFreeRerenderWindow';
import { useSimulatedProgress } from '../hooks/useSimulatedProgress';
import { isAcceptedImage, isFreeRerender, isTooLarge } from '../lib/uploadRules';

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
  const { data: serverStatus } = useVisualizerStatusQuery();
  const [visualize, { isLoading: generating }] = useVisualizeMutation();
  const [detectFronts] = useDetectFrontsMutation();
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
  const [fullscreen, setFullscreen] = useState<FullscreenMode | null>(null);
  const exhausted = !isAdmin && counter.remaining <= 0;
  const { atLeast, reset } = counter;

  // The server counts too (docs/product.md#visualizer): a browser that forgot its count learns it.
  useEffect(() => {
    if (serverStatus && !serverStatus.unlimited)
      atLeast(FREE_RENDERS_PER_VISITOR - serverStatus.remaining);
  }, [serverStatus, atLeast]);

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
      try {
        const base64 = await readAsBase64(file);
        setImage({ previewUrl: URL.createObjectURL(file), name: file.name, base64 });
        setPattern(null);
        setResultUrl(null);
        setFronts(null);
        setUploadId(undefined);
        setFrontsFailed(false);
        detectFronts({ kitchenImage: base64 })
          .unwrap()
          .then(
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
    [toast, detectFronts],
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
    start();
    try {
      const { imageUrl } = await visualize({
        kitchenImage: image.base64,
        patternId: pattern,
        ...(fronts ? { fronts } : {}),
      }).unwrap();
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
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 44 }, flex: 1 }}>
              {copy.heading}
            </Typography>
            {isAdmin ? (
              <Chip
                icon={<AllInclusiveIcon />}
                color="secondary"
                label={copy.adminBadge}
                data-testid="usage-badge"
              />
            ) : (
              <Chip
                color={exhausted ? 'error' : 'primary'}
                variant="outlined"
                label={copy.remainingBadge(counter.remaining)}
                data-testid="usage-badge"
              />
            )}
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {copy.lead}
          </Typography>
        </Box>

        {exhausted && (
          <Alert severity="error" variant="filled" data-testid="exhausted-banner">
            {copy.exhaustedBanner}{' '}
            <Link component={RouterLink} to={routes.quote} color="inherit" sx={{ fontWeight: 700 }}>
              {copy.exhaustedLink}
            </Link>
          </Alert>
        )}

        <UploadStep
          previewUrl={image?.previewUrl ?? null}
          fileName={image?.name ?? null}
          disabled={generating}
          onFile={(file, fromCamera) => void onFile(file, fromCamera)}
          onChangeImage={changeImage}
        />

        {image && !frontsFailed && (
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
        )}

        {image && (
          <PatternPicker selected={pattern} disabled={generating} onSelect={selectPattern} />
        )}

        <Box>
          <Button
            variant="contained"
            size="large"
            startIcon={<AutoAwesomeIcon />}
            onClick={() => void generate()}
            disabled={generating || blocked}
            data-testid="generate-button"
          >
            {buttonLabel}
          </Button>
        </Box>

        {progress.active && <ProgressPanel progress={progress} />}

        {image && resultUrl && pattern && (
          <ResultView
            originalUrl={image.previewUrl}
            originalName={image.name}
            resultUrl={resultUrl}
            patternId={pattern}
            onFullscreen={setFullscreen}
            onTryAnother={tryAnother}
            onChangeImage={changeImage}
          />
        )}

        <Typography color="text.secondary" data-testid="patterns-note">
          {copy.note}
          <Link component={RouterLink} to={routes.contact}>
            {copy.noteLink}
          </Link>
          {copy.noteEnd}
        </Typography>
      </Stack>

      {image && pattern && (
        <FullscreenView
          mode={fullscreen}
          originalUrl={image.previewUrl}
          resultUrl={resultUrl}
          patternId={pattern}
          onClose={() => setFullscreen(null)}
        />
      )}
    </Container>
  );
}
