import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { verifyEmail } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

function VerifyEmail({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  // A verification code works once. As a query keyed by the code, the call is made once even
  // when StrictMode runs effects twice, and it is not retried.
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', oobCode] as const,
    queryFn: () => verifyEmail(oobCode),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (verification.isSuccess) {
      const arrival = verification.data.alreadyVerified ? 'ja' : '1';
      void navigate(`/login?verificado=${arrival}`, { replace: true });
    }
    if (verification.isError) void navigate('/login?verificacao=erro', { replace: true });
  }, [verification.isSuccess, verification.isError, verification.data, navigate]);

  return (
    <>
      <AuthHeading title="Confirmação de e-mail" />
      <div role="status" className="flex items-center gap-3 py-4 text-sm text-ink-muted">
        <Spinner className="size-5" />
        Confirmando seu e-mail...
      </div>
    </>
  );
}

/** Handles the links e-mailed to users (query: mode and oobCode). */
export default function AuthActionPage() {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode');

  if (!mode || !oobCode) return <Navigate to="/login" replace />;
  if (mode === 'resetPassword') {
    const query = new URLSearchParams({ oobCode }).toString();
    return <Navigate to={`/Recovery?${query}`} replace />;
  }
  if (mode === 'verifyEmail') return <VerifyEmail key={oobCode} oobCode={oobCode} />;
  return <Navigate to="/login" replace />;
}
