// The public face of the audit module: what other modules, app.ts and the CLI may use.
export { auditRoutes } from './audit.routes';
export { actorOf, createAuditService, OPERATOR_ACTOR, recordAudit } from './audit.service';
export { auditPersonalData } from './personal-data';
export { auditModule } from './audit.plugin';
