import CompareIcon from '@mui/icons-material/Compare';
import DownloadIcon from '@mui/icons-material/Download';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { visualizerCopy as copy } from '../copy';
import type { FullscreenMode } from './FullscreenView';

interface Props {
  originalUrl: string;
  originalName: string;
  resultUrl: string;
  patternId: string;
  onFullscreen: (mode: FullscreenMode) => void;
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
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0 }} data-testid={props.testId}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{props.label}</Typography>
      <Box
        component="img"
        src={props.url}
        alt={props.alt}
        sx={{
          width: '100%',
          aspectRatio: '3 / 2',
          objectFit: 'contain',
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          href={props.url}
          download={props.downloadName}
        >
          {copy.download}
        </Button>
        <Button size="small" startIcon={<FullscreenIcon />} onClick={props.onFullscreen}>
          {copy.fullscreen}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The original and the new look side by side, with the next steps. */
export function ResultView(props: Props) {
  const { patternId } = props;
  const openQuote = () =>
    window.open(`/quote?pattern=${encodeURIComponent(patternId)}`, '_blank', 'noopener');
  return (
    <Stack spacing={2} data-testid="result-view">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ImageCard
          label={copy.original}
          url={props.originalUrl}
          alt={copy.uploadedAlt}
          downloadName={props.originalName}
          testId="result-original"
          onFullscreen={() => props.onFullscreen('original')}
        />
        <ImageCard
          label={copy.result(patternId)}
          url={props.resultUrl}
          alt={copy.resultAlt(patternId)}
          downloadName={`keittio-visualisointi-${patternId}.jpg`}
          testId="result-new"
          onFullscreen={() => props.onFullscreen('result')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<CompareIcon />}
          onClick={() => props.onFullscreen('compare')}
        >
          {copy.compare}
        </Button>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={props.onTryAnother}>
          {copy.tryAnother}
        </Button>
        <Button variant="outlined" onClick={props.onChangeImage}>
          {copy.changeImage}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          endIcon={<OpenInNewIcon />}
          onClick={openQuote}
        >
          {copy.requestQuote}
        </Button>
      </Stack>
    </Stack>
  );
}
