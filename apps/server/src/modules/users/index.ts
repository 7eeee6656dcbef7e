// The public face of the users module: what other modules, app.ts and the CLI may use.
export { createAccountsService } from './accounts.service';
export { usersRoutes } from './users.routes';
export { createUsersService } from './users.service';
export { usersPersonalData } from './personal-data';
export { usersModule } from './users.plugin';
