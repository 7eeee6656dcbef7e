import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button';
import { StatusScreen } from '../components/ui/status-screen';

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
