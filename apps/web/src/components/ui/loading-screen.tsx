import { LogoMark } from './logo';
import { Spinner } from './spinner';

/** Fills the viewport while the app cannot render anything meaningful yet. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-canvas text-ink"
    >
      <LogoMark className="size-12" />
      <div className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        <Spinner className="size-5" />
        Carregando...
      </div>
    </div>
  );
}
