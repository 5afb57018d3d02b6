import { ApiProperty, PickType } from '@nestjs/swagger';
import {
  DOOR_STYLES,
  type DoorStyle,
  LEAD_SOURCES,
  type CountAnswer as Count,
  type LeadPage,
  type LeadSource,
  type LeadStats,
  type LeadStatusAnswer as LeadStatus,
  type LeadVersionAnswer as LeadVersion,
  type LeadOwner,
  type LeadView,
  type LeadDetails,
  type LinkedLead,
  type StatusTotal,
} from '#src/contract/leads.js';
import {
  COLUMN_COLORS,
  type ColumnColor,
  type MovedLeadsAnswer as MovedLeads,
  type PipelineColumn,
} from '#src/contract/pipeline.js';
import { PageInfoDto } from '#src/platform/http/page.responses.js';

const DATE_TIME = { format: 'date-time', example: '2026-11-23T09:15:00.000Z' } as const;

/** A lead as the admin API answers it. */
export class LeadViewDto implements LeadView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Aino' })
  customerFirstName: string;

  @ApiProperty({ example: 'Virtanen' })
  customerLastName: string;

  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  customerEmail: string;

  @ApiProperty({ example: '+358 40 123 4567' })
  customerPhone: string;

  @ApiProperty({ example: 'Mannerheimintie 12 B 7' })
  customerAddress: string;

  @ApiProperty({ example: 'Helsinki' })
  customerCity: string;

  @ApiProperty({ example: 'FI' })
  customerCountry: string;

  /** null for a contact-form lead; null in the list too: `nullable` does not widen an enum. */
  @ApiProperty({
    type: String,
    enum: [...DOOR_STYLES, null],
    nullable: true,
    example: 'Uritettu',
  })
  doorStyle: DoorStyle | null;

  @ApiProperty({ type: 'integer', example: 12 })
  doors: number;

  @ApiProperty({ type: 'integer', example: 4 })
  drawers: number;

  @ApiProperty({ example: 3 })
  metres: number;

  @ApiProperty({ description: 'Euros, VAT included', example: 1290 })
  totalPrice: number;

  @ApiProperty({ description: 'The pipeline column id', example: 'new' })
  status: string;

  @ApiProperty({ example: '' })
  notes: string;

  @ApiProperty({ type: String, nullable: true })
  message: string | null;

  @ApiProperty({ enum: LEAD_SOURCES, example: 'quote' })
  source: LeadSource;

  @ApiProperty({ type: String, nullable: true, example: 'NH10' })
  patternId: string | null;

  @ApiProperty(DATE_TIME)
  createdAt: string;

  @ApiProperty(DATE_TIME)
  updatedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deletedAt: string | null;

  @ApiProperty({ type: 'integer', description: 'Send it back as `expectedVersion`', example: 1 })
  version: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  ownerId: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2026-12-08' })
  followUpOn: string | null;

  @ApiProperty({ example: 'Soita ja sovi mittauskäynti.' })
  followUpNote: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The lead this one was merged into',
  })
  mergedInto: string | null;
}

/** Another active lead with the same e-mail or phone, linked when one of the two came in. */
export class LinkedLeadDto
  extends PickType(LeadViewDto, [
    'id',
    'customerFirstName',
    'customerLastName',
    'customerEmail',
    'customerPhone',
    'status',
    'source',
    'createdAt',
  ] as const)
  implements LinkedLead {}

/** A lead's details: the lead and the leads that may be the same customer. */
export class LeadDetailsDto extends LeadViewDto implements LeadDetails {
  @ApiProperty({ type: [LinkedLeadDto] })
  duplicates: LinkedLead[];
}

export class LeadOwnerDto implements LeadOwner {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Maria Korhonen' })
  name: string;
}

export class LeadPageDto extends PageInfoDto implements LeadPage {
  @ApiProperty({ type: [LeadViewDto] })
  items: LeadViewDto[];

  @ApiProperty({ type: 'integer', example: 134 })
  total: number;
}

export class StatusTotalDto implements StatusTotal {
  @ApiProperty({ example: 'new' })
  status: string;

  @ApiProperty({ type: 'integer', example: 12 })
  count: number;

  @ApiProperty({ description: 'Euros', example: 15480 })
  value: number;
}

export class LeadStatsDto implements LeadStats {
  @ApiProperty({ type: 'integer', example: 134 })
  totalQuotes: number;

  @ApiProperty({ description: 'Euros in the closed column', example: 48200 })
  totalRevenue: number;

  @ApiProperty({ description: 'Euros in the open columns', example: 96350 })
  potentialRevenue: number;

  @ApiProperty({ type: 'integer', example: 87 })
  activeLeads: number;

  @ApiProperty({ type: [StatusTotalDto] })
  byStatus: StatusTotalDto[];
}

export class LeadVersionAnswer implements LeadVersion {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: 'integer', example: 2 })
  version: number;
}

export class LeadStatusAnswer extends LeadVersionAnswer implements LeadStatus {
  @ApiProperty({ type: String, required: false, example: 'contacted' })
  status: string | undefined;
}

export class CountAnswer implements Count {
  @ApiProperty({ type: 'integer', example: 3 })
  count: number;
}

export class PipelineColumnDto implements PipelineColumn {
  @ApiProperty({ example: 'site-visit' })
  id: string;

  @ApiProperty({ example: 'Site visit' })
  name: string;

  @ApiProperty({ enum: COLUMN_COLORS, example: 'orange' })
  color: ColumnColor;
}

export class MovedLeadsAnswer implements MovedLeads {
  @ApiProperty({ type: 'integer', description: 'Leads moved to another column', example: 4 })
  movedLeads: number;
}
