import { PATHS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { appInfoQueryOptions } from '@/domain/app-info';

/**
 * Where a holder of personal data writes, to follow "escreva" or "pode ser enviado": the privacy
 * address (PRIVACY_EMAIL, else SUPPORT_EMAIL), or the help centre's form when the server has none.
 */
export function PrivacyContact() {
  const email = useQuery(appInfoQueryOptions).data?.privacyEmail;
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
