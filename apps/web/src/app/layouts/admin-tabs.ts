import type { UserRole } from '@gabarita/shared';
import {
  BarChart3,
  FileCheck2,
  FilePenLine,
  Flag,
  History,
  MessagesSquare,
  Receipt,
  Upload,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';

export interface AdminTab {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Who sees it; the server decides again on every request (docs/product-rules.md). */
  roles: readonly UserRole[];
}

const EDITORIAL: readonly UserRole[] = ['editor', 'admin'];
const SUPPORT: readonly UserRole[] = ['support', 'admin'];
/** Revenue and margin are the business's: admins only. */
const ADMIN: readonly UserRole[] = ['admin'];

/** In this order; /admin opens the first one the role has. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { label: 'Reportes de erro', to: '/admin/reportes', icon: Flag, roles: EDITORIAL },
  { label: 'Questões', to: '/admin/questoes', icon: FilePenLine, roles: EDITORIAL },
  { label: 'Gabarito definitivo', to: '/admin/gabarito', icon: FileCheck2, roles: EDITORIAL },
  { label: 'Importar conteúdo', to: '/admin/importar', icon: Upload, roles: EDITORIAL },
  { label: 'Contas', to: '/admin/contas', icon: UserSearch, roles: SUPPORT },
  { label: 'Mensagens', to: '/admin/mensagens', icon: MessagesSquare, roles: SUPPORT },
  { label: 'Pagamentos', to: '/admin/pagamentos', icon: Receipt, roles: SUPPORT },
  { label: 'Registro de ações', to: '/admin/registro', icon: History, roles: EDITORIAL },
  { label: 'Números', to: '/admin/numeros', icon: BarChart3, roles: ADMIN },
];

export function adminTabsFor(role: UserRole | undefined): AdminTab[] {
  return role ? ADMIN_TABS.filter((tab) => tab.roles.includes(role)) : [];
}

/** Support works on customers, not on the catalogue. */
export function adminAreaName(role: UserRole | undefined) {
  return role === 'support' ? 'Área de suporte' : 'Área editorial';
}
