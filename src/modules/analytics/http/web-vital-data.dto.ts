import { plainToInstance } from 'class-transformer';
import { IsIn, IsNumber, Max, Min, validateSync } from 'class-validator';
import {
  WEB_VITALS,
  WEB_VITAL_RATINGS,
  type WebVitalData,
  type WebVitalMetric,
} from '#src/contract/analytics.js';
import { fieldRefusalsOf, ValidationRefusal } from '#src/platform/http/validation-refusal.js';

/** Ten minutes: past that a "paint" or "interaction" is a tab left open, not a measure. */
const LONGEST_VALUE = 600_000;

/** The data of a `web_vital` event: the staff's vitals table reads exactly these three. */
class WebVitalDataDto implements WebVitalData {
  @IsIn(WEB_VITALS.map((vital) => vital.metric))
  metric: WebVitalMetric;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(LONGEST_VALUE)
  value: number;

  @IsIn(WEB_VITAL_RATINGS)
  rating: WebVitalData['rating'];
}

/** Why `data` is no web vital, named per field (`data.value`), or null when it is one. */
export function webVitalRefusal(data: Record<string, unknown>): ValidationRefusal | null {
  const errors = validateSync(plainToInstance(WebVitalDataDto, data), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  if (errors.length === 0) return null;
  const fields = fieldRefusalsOf(errors, 'data');
  return new ValidationRefusal(
    fields.map((field) => `${field.field}: ${field.message}`),
    fields,
  );
}
