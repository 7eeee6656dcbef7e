import { PATHS } from '@gabarita/shared';
import { Link } from 'react-router';
import { useSupportEmail } from '@/domain/app-info';

/**
 * How to reach the team, to follow "escreva" or "podem ser enviadas": to the configured address,
 * or through the help centre's form when the server has none.
 */
export function SupportContact() {
  const email = useSupportEmail();
  if (email) {
    return (
      <>
        para <a href={`mailto:${email}`}>{email}</a>
      </>
    );
  }
  return (
    <>
      pelo formulário da <Link to={PATHS.help.path}>Central de Ajuda</Link>
    </>
  );
}
