import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  Optional,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PUBLIC_ACCESS, ROLES_ACCESS, type StaffRole } from './access.decorators.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from './request-context.js';

export interface AuthenticatedStaff extends Actor {
  id: string;
  role: StaffRole;
  sessionId: string;
}

/** Implemented by the staff-accounts module: resolves a request's bearer token to a member. */
export interface Authenticator {
  authenticate(request: Request): Promise<AuthenticatedStaff | null>;
}
export const AUTHENTICATOR = Symbol('AUTHENTICATOR');

export type StaffRequest = Request & { staff?: AuthenticatedStaff };

/** Global guard: public routes pass; role routes need a live session with an allowed role. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(AUTHENTICATOR) private readonly authenticator?: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ACCESS, targets);
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES_ACCESS, targets);
    const request = context.switchToHttp().getRequest<StaffRequest>();
    if (isPublic) {
      await this.identifyIfPossible(request);
      return true;
    }
    if (!roles) throw new ForbiddenException('This route declares no access policy');
    const staff = this.authenticator ? await this.authenticator.authenticate(request) : null;
    if (!staff) throw new UnauthorizedException('Authentication required');
    if (!roles.includes(staff.role)) throw new ForbiddenException('Your role may not do this');
    this.bind(request, staff);
    return true;
  }

  /** Public routes still know a signed-in admin (e.g. unlimited visualizations). */
  private async identifyIfPossible(request: StaffRequest): Promise<void> {
    if (!this.authenticator || !request.headers.authorization) return;
    const staff = await this.authenticator.authenticate(request).catch(() => null);
    if (staff) this.bind(request, staff);
  }

  private bind(request: StaffRequest, staff: AuthenticatedStaff): void {
    request.staff = staff;
    RequestContext.setActor({ id: staff.id, name: staff.name, role: staff.role });
  }
}
