import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';

/** Last resort for errors thrown while rendering or loading a route (e.g. a page chunk after a deploy). */
export function RouteErrorScreen() {
  return (
    <StatusScreen
      icon={TriangleAlert}
      title="Algo deu errado"
      description="Não foi possível abrir esta página. Recarregue para tentar de novo."
      action={<Button onClick={() => window.location.reload()}>Recarregar página</Button>}
    />
  );
}

/** Shows RouteErrorScreen instead of a page that failed, until the address changes. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { key: string; failed: boolean }
> {
  override state = { key: this.props.resetKey, failed: false };

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
