import { useRef, type ChangeEvent } from 'react';
import { Button } from '@/shared/ui/Button';
import { PathIcon } from '@/shared/ui/Icon';
import { visualizerCopy as copy } from '../copy';
import { visualizerIcons } from '../icons';
import { ACCEPT_ATTRIBUTE } from '../lib/uploadRules';

interface Props {
  previewUrl: string | null;
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File, fromCamera: boolean) => void;
  onChangeImage: () => void;
  /** The visitor is about to pick a photo: the next step's code can start loading. */
  onIntent: () => void;
}

/** Step 1: a photo by file pick, or (phones and tablets only) straight from the camera. */
export function UploadStep({
  previewUrl,
  fileName,
  disabled,
  onFile,
  onChangeImage,
  onIntent,
}: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const picked = (fromCamera: boolean) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file, fromCamera);
  };
  const intent = { onPointerDown: onIntent, onFocus: onIntent };

  return (
    <section className="card viz-step" aria-labelledby="viz-step-upload">
      <h2 id="viz-step-upload" className="viz-step-title">
        {copy.step1}
      </h2>
      <p className="muted viz-step-hint">{copy.step1Hint}</p>
      {previewUrl ? (
        <div className="viz-preview">
          <img
            src={previewUrl}
            alt={copy.uploadedAlt}
            data-testid="uploaded-preview"
            className="viz-preview-image"
          />
          <div className="viz-preview-bar">
            <span className="muted small viz-file-name">{fileName}</span>
            <Button onClick={onChangeImage} disabled={disabled}>
              {copy.changeImage}
            </Button>
          </div>
        </div>
      ) : (
        <div className="viz-upload-buttons">
          <Button
            variant="contained"
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
            {...intent}
          >
            <PathIcon path={visualizerIcons.uploadFile} className="icon-small" />
            {copy.pickFile}
          </Button>
          {/* Shown by the stylesheet on phones and touch screens: in the prerendered page already,
              so that it never appears after hydration and moves what is below it. */}
          <Button
            variant="outlined"
            className="viz-camera"
            onClick={() => cameraInput.current?.click()}
            disabled={disabled}
            {...intent}
          >
            <PathIcon path={visualizerIcons.camera} className="icon-small" />
            {copy.takePhoto}
          </Button>
        </div>
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
    </section>
  );
}
