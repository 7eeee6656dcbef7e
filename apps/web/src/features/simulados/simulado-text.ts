import { countLabel, type SimuladoScoring } from '@gabarita/shared';
import { formatInteger } from '@/lib/formatters';

export const SCORING_LABELS: Record<SimuladoScoring, string> = {
  padrao: 'Padrão: 1 ponto por acerto',
  cebraspe: 'Cebraspe: uma errada anula uma certa',
};

export const SCORING_SHORT: Record<SimuladoScoring, string> = {
  padrao: 'Regra padrão',
  cebraspe: 'Regra Cebraspe',
};

/** The countdown: '1:05:09' or '05:09'. */
export function clockLabel(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** '7 de 10 pontos' (a Cebraspe score may be negative). */
export function scoreLabel(score: number, maxScore: number): string {
  return `${formatInteger(score)} de ${countLabel(maxScore, 'ponto', 'pontos')}`;
}
