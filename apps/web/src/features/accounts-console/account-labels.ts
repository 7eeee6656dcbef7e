import type { AccountProvider, UserRole } from '@gabarita/shared';

export const ROLE_LABELS: Record<UserRole, string> = {
  user: 'Estudante',
  editor: 'Editor',
  support: 'Suporte',
  admin: 'Administrador',
};

export const PROVIDER_LABELS: Record<AccountProvider, string> = {
  password: 'E-mail e senha',
  google: 'Google',
};
