// The public face of the accounts-console module: what other modules, app.ts and the CLI may use.
export { accountsConsoleRoutes } from './accounts-console.routes';
export { createAccountsConsoleService } from './accounts-console.service';
export { accountsConsoleModule } from './accounts-console.plugin';
