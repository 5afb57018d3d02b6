import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { siteConfigOf } from './site-config.js';

export class SiteConfig {
  @ApiProperty({ example: 'Keittiökalvo Oy' })
  companyName: string;

  @ApiProperty({ example: '+358 40 123 4567' })
  phone: string;

  @ApiProperty({ example: 'info@keittiokalvo.fi' })
  email: string;

  @ApiProperty({ example: 'Uusimaa' })
  serviceArea: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null when no pixel is configured: the SPA then never loads it',
  })
  metaPixelId: string | null;
}

/** What the public SPA needs from the server's configuration: contact details and the pixel id. */
@ApiTags('site')
@Controller('api/site-config')
export class SiteConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: SiteConfig })
  siteConfig(): SiteConfig {
    return siteConfigOf(this.config);
  }
}
