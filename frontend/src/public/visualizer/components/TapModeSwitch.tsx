import { visualizerCopy } from '../copy';
import styles from './FrontEditor.module.css';

const copy = visualizerCopy.fronts;

export type TapMode = 'add' | 'box' | 'remove';
const MODES: TapMode[] = ['add', 'box', 'remove'];

interface Props {
  mode: TapMode;
  disabled: boolean;
  onChange: (mode: TapMode) => void;
}

/** What a tap on the photo does: add a front, box one in, or take a wrong region out. */
export function TapModeSwitch({ mode, disabled, onChange }: Props) {
  return (
    <fieldset className={styles.modes} disabled={disabled}>
      <legend className="visually-hidden">{copy.modes.label}</legend>
      {MODES.map((option) => (
        <label key={option} className={styles.mode} data-checked={option === mode}>
          <input
            type="radio"
            name="tap-mode"
            value={option}
            checked={option === mode}
            onChange={() => onChange(option)}
            data-testid={`tap-mode-${option}`}
          />
          {copy.modes[option]}
        </label>
      ))}
    </fieldset>
  );
}
