import { type AppPath, PATHS, roleMayOpen, type UserRole } from '@gabarita/shared';
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
  /** The page's entry in the registry: its address and who may open it. */
  page: AppPath;
  icon: LucideIcon;
}

/**
 * In this order; /admin opens the first one the role has. Who sees a tab is the access of its page
 * (docs/product-rules.md, "Who does what"); the server decides again on every request.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { label: 'Reportes de erro', page: PATHS.errorReports, icon: Flag },
  { label: 'Questões', page: PATHS.questionEditor, icon: FilePenLine },
  { label: 'Gabarito definitivo', page: PATHS.answerKey, icon: FileCheck2 },
  { label: 'Importar conteúdo', page: PATHS.contentImport, icon: Upload },
  { label: 'Contas', page: PATHS.customerAccounts, icon: UserSearch },
  { label: 'Mensagens', page: PATHS.helpInbox, icon: MessagesSquare },
  { label: 'Pagamentos', page: PATHS.payments, icon: Receipt },
  { label: 'Registro de ações', page: PATHS.auditLog, icon: History },
  { label: 'Números', page: PATHS.businessMetrics, icon: BarChart3 },
];

export function adminTabsFor(role: UserRole | undefined): AdminTab[] {
  return role ? ADMIN_TABS.filter((tab) => roleMayOpen(role, tab.page.access)) : [];
}

/** Support works on customers, not on the catalogue. */
export function adminAreaName(role: UserRole | undefined) {
  return role === 'support' ? 'Área de suporte' : 'Área editorial';
}
