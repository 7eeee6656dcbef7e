// The public face of the account-deletion module: what other modules, app.ts and the CLI may use.
export { accountDeletionRoutes } from './account-deletion.routes';
export { createAccountDeletionService } from './account-deletion.service';
export { accountDeletionModule } from './account-deletion.plugin';
