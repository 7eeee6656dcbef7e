/*
 * The log's filters live in the address (a reload or a shared link shows the same entries):
 *   /admin/registro?acao=<action>&alvo=<target, e.g. a question id>
 */

import { AUDIT_ACTION_LABELS } from '@gabarita/shared';

export interface AuditFilters {
  acao: string;
  alvo: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { acao: '', alvo: '' };

/** The label of an action; an action this version does not know shows as recorded. */
export function actionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS]
    : action;
}

/** 'Edna Editora <edna@gabarita.com.br>' as its two parts; other actors (the operator) as written. */
export function splitActor(actor: string): { name: string; email: string | null } {
  const match = /^(.*\S)\s*<([^<>\s]+)>$/.exec(actor);
  return match ? { name: match[1]!, email: match[2]! } : { name: actor, email: null };
}

export const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    acao: params.get('acao')?.trim() ?? '',
    alvo: params.get('alvo')?.trim() ?? '',
  };
}

/** Only the filters that are set, in a stable order (address, API query and cache key). */
export function activeAuditFilters(filters: AuditFilters): Record<string, string> {
  const active: Record<string, string> = {};
  if (filters.acao) active.acao = filters.acao;
  if (filters.alvo) active.alvo = filters.alvo;
  return active;
}
