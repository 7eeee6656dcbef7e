// The public face of the operator module: what other modules, app.ts and the CLI may use.
export { restoreEmbeddedDatabase } from './backup';
export { operatorCommands } from './operator.commands';
export { operatorRoutes } from './operator.routes';
export { createOperatorService } from './operator.service';
export { operatorPersonalData } from './personal-data';
export { operatorModule } from './operator.plugin';
