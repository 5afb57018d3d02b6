import CameraAltIcon from '@mui/icons-material/CameraAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import { useRef, type ChangeEvent } from 'react';
import { visualizerCopy as copy } from '../copy';
import { ACCEPT_ATTRIBUTE } from '../lib/uploadRules';

interface Props {
  previewUrl: string | null;
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File, fromCamera: boolean) => void;
  onChangeImage: () => void;
}

/** Step 1: a photo by file pick, or (phones and tablets only) straight from the camera. */
export function UploadStep({ previewUrl, fileName, disabled, onFile, onChangeImage }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const hasCamera = useMediaQuery('(pointer: coarse), (max-width: 768px)');
  const picked = (fromCamera: boolean) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file, fromCamera);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: 22, mb: 1 }}>
        {copy.step1}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {copy.step1Hint}
      </Typography>
      {previewUrl ? (
        <Stack spacing={1.5}>
          <Box
            component="img"
            src={previewUrl}
            alt={copy.uploadedAlt}
            data-testid="uploaded-preview"
            sx={{
              width: '100%',
              maxHeight: 320,
              objectFit: 'contain',
              borderRadius: 1,
              bgcolor: 'grey.100',
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} noWrap>
              {fileName}
            </Typography>
            <Button onClick={onChangeImage} disabled={disabled}>
              {copy.changeImage}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
          >
            {copy.pickFile}
          </Button>
          {hasCamera && (
            <Button
              variant="outlined"
              startIcon={<CameraAltIcon />}
              onClick={() => cameraInput.current?.click()}
              disabled={disabled}
            >
              {copy.takePhoto}
            </Button>
          )}
        </Stack>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        hidden
        data-testid="kitchen-file"
        aria-label={copy.pickFile}
        onChange={picked(false)}
      />
      {hasCamera && (
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="kitchen-camera"
          aria-label={copy.takePhoto}
          onChange={picked(true)}
        />
      )}
    </Paper>
  );
}
