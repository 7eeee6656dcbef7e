import type { ModulePlugin } from '@/lib/module-plugin';
import { usersRoutes } from './users.routes';
import type { UsersService } from './users.service';

export const usersModule: ModulePlugin<{ users: UsersService }> = async (api, { users }) => {
  await api.register(usersRoutes, { users });
};
