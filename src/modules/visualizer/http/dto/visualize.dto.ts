import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_POINTS_PER_TAP,
  type DetectedFronts,
  type DetectFrontsRequest,
  type TapAnswer,
  type TapPoint,
  type TapRequest,
  type VisualizationAnswer,
  type VisualizationRequest,
  type VisualizerStatus,
} from '#src/contract/visualizer.js';
import { UPLOAD_ID } from '#src/modules/visualizer/segmentation/tap-segmentation.js';
import { MESSAGES } from '#src/modules/visualizer/visualizer.constants.js';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import {
  MAX_FRONTS,
  OUTLINE_CORNERS,
  type FrontOutline,
} from '#src/modules/visualizer/rendering/front-outlines.js';

const isShare = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

/** 1 to MAX_FRONTS outlines of four [x, y] corners, each a share (0..1) of the photo's sides. */
function IsFrontOutlines() {
  return ValidateBy({
    name: 'isFrontOutlines',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length >= 1 &&
        value.length <= MAX_FRONTS &&
        value.every(
          (outline) =>
            Array.isArray(outline) &&
            outline.length === OUTLINE_CORNERS &&
            outline.every(
              (point) =>
                Array.isArray(point) && point.length === 2 && point.every((v) => isShare(v)),
            ),
        ),
      defaultMessage: () =>
        `fronts must be 1 to ${MAX_FRONTS} outlines of ${OUTLINE_CORNERS} [x, y] corners, each between 0 and 1`,
    },
  });
}

const OUTLINES_DESCRIPTION =
  'Front outlines: four [x, y] corners each, clockwise from the top left, as shares (0..1) of ' +
  "the photo's width and height.";

const OUTLINES_SCHEMA = {
  type: 'array',
  items: {
    type: 'array',
    minItems: OUTLINE_CORNERS,
    maxItems: OUTLINE_CORNERS,
    items: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: { type: 'number', minimum: 0, maximum: 1 },
    },
  },
} as const;

export class VisualizeDto implements VisualizationRequest {
  @ApiProperty({ description: 'The photo as base64, without a data-URL prefix (max 15 MB).' })
  @IsString()
  @IsNotEmpty()
  // 15 MB as base64 plus slack; the exact byte limit is checked after decoding (413).
  @MaxLength(22 * 1024 * 1024)
  kitchenImage: string;

  @ApiProperty({ example: 'NH10', description: 'A pattern code from the catalogue.' })
  @IsString()
  @Matches(/^[A-Z0-9]{1,12}$/, { message: 'patternId must be a pattern code such as NH10' })
  patternId: string;

  @ApiPropertyOptional({
    ...OUTLINES_SCHEMA,
    minItems: 1,
    maxItems: MAX_FRONTS,
    description: `${OUTLINES_DESCRIPTION} The fronts the visitor confirmed; without them they are detected.`,
    example: [
      [
        [0.1, 0.5],
        [0.3, 0.5],
        [0.3, 0.9],
        [0.1, 0.9],
      ],
    ],
  })
  @IsOptional()
  @IsFrontOutlines()
  fronts?: FrontOutline[];
}

export class DetectFrontsDto implements DetectFrontsRequest {
  @ApiProperty({ description: 'The photo as base64, without a data-URL prefix (max 15 MB).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(22 * 1024 * 1024)
  kitchenImage: string;
}

export class DetectFrontsResponseDto implements DetectedFronts {
  @ApiProperty({
    type: 'integer',
    description: 'The photo as stored: upright, in pixels.',
    example: 1600,
  })
  width: number;

  @ApiProperty({ type: 'integer', example: 1200 })
  height: number;

  @ApiProperty({
    ...OUTLINES_SCHEMA,
    description: `${OUTLINES_DESCRIPTION} Empty when none were found.`,
  })
  fronts: FrontOutline[];

  @ApiPropertyOptional({
    description:
      'Names the photo to `POST /api/visualize/taps` for 15 minutes; absent when taps are not ' +
      'answered by the model (the correction step then outlines taps by itself).',
    example: 'q5Jc0yZ0b2m3T1aVZb6ZqA',
  })
  uploadId?: string;
}

export class VisualizeResponseDto implements VisualizationAnswer {
  @ApiProperty({ example: '/api/visualizations/q5Jc0yZ0b2m3T1aVZb6ZqA.jpg' })
  imageUrl: string;
}

export class VisualizerStatusDto implements VisualizerStatus {
  @ApiProperty({ description: 'Free renders left for this browser (3 at most).', example: 3 })
  remaining: number;

  @ApiProperty({ description: 'Signed-in staff render without limits.', example: false })
  unlimited: boolean;
}

/** Points on the photo; a point off the photo is refused in Finnish, as the visitor sees it. */
function IsTapPoints() {
  return ValidateBy({
    name: 'isTapPoints',
    validator: {
      validate: (value: unknown) =>
        value === undefined ||
        (Array.isArray(value) &&
          value.length >= 1 &&
          value.length <= MAX_POINTS_PER_TAP &&
          value.every(
            (point) =>
              typeof point === 'object' &&
              point !== null &&
              isShare((point as TapPoint).x) &&
              isShare((point as TapPoint).y) &&
              typeof (point as TapPoint).include === 'boolean',
          )),
      defaultMessage: () => MESSAGES.tapOutside,
    },
  });
}

function IsTapBox() {
  return ValidateBy({
    name: 'isTapBox',
    validator: {
      validate: (value: unknown) =>
        value === undefined ||
        (Array.isArray(value) &&
          value.length === 4 &&
          value.every((v) => isShare(v)) &&
          value[0] !== value[2] &&
          value[1] !== value[3]),
      defaultMessage: () => MESSAGES.tapOutside,
    },
  });
}

/** A tap needs something to go on: a point or a box. */
function HasPointOrBox() {
  return ValidateBy({
    name: 'hasPointOrBox',
    validator: {
      validate: (_: unknown, args) => {
        const tap = args?.object as Partial<TapRequest>;
        return (Array.isArray(tap.points) && tap.points.length > 0) || Array.isArray(tap.box);
      },
      defaultMessage: () => MESSAGES.tapEmpty,
    },
  });
}

class TapPointDto implements TapPoint {
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    example: 0.42,
    description: "Share of the photo's width.",
  })
  x: number;

  @ApiProperty({
    minimum: 0,
    maximum: 1,
    example: 0.61,
    description: "Share of the photo's height.",
  })
  y: number;

  @ApiProperty({ description: 'True on the front; false on what is not the front (removes it).' })
  include: boolean;
}

export class TapDto implements TapRequest {
  @ApiProperty({
    description: 'The uploadId `POST /api/visualize/fronts` answered with.',
    pattern: UPLOAD_ID.source,
    example: 'q5Jc0yZ0b2m3T1aVZb6ZqA',
  })
  @IsString()
  @HasPointOrBox()
  uploadId: string;

  @ApiPropertyOptional({
    type: [TapPointDto],
    minItems: 1,
    maxItems: MAX_POINTS_PER_TAP,
    description: 'Taps on one front: the newest and the ones before it on the same front.',
  })
  @IsTapPoints()
  points?: TapPoint[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'number', minimum: 0, maximum: 1 },
    minItems: 4,
    maxItems: 4,
    description: 'A box dragged around the front: [x0, y0, x1, y1] as shares of the photo.',
    example: [0.3, 0.4, 0.5, 0.9],
  })
  @IsTapBox()
  box?: [number, number, number, number];
}

export class TapResponseDto implements TapAnswer {
  @ApiProperty({
    ...OUTLINES_SCHEMA.items,
    description: `The front under the tap. ${OUTLINES_DESCRIPTION}`,
  })
  front: FrontOutline;
}
