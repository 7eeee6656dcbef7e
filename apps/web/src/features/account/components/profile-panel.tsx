import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  PHOTO_UPLOAD_MAX_BYTES,
  updateNameRequestSchema,
  type SessionUser,
  PATHS,
} from '@gabarita/shared';
import { Camera, FileText, LogOut, Pencil, Shield, UserCog } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/forms';
import { resizeImage } from '@/lib/image-resize';
import { useTimedMessage, type TimedMessage } from '@/lib/use-timed-message';
import { useUpdateName, useUploadPhoto } from '../api/me-api';

const SIGN_OUT_FAILED = 'Não foi possível sair. Tente novamente.';

const LINKS = [
  { label: 'Gerenciar Conta', to: PATHS.account.path, icon: UserCog },
  { label: 'Termos de Uso', to: PATHS.terms.path, icon: FileText },
  { label: 'Política de Privacidade', to: PATHS.privacy.path, icon: Shield },
] as const;

type ShowMessage = (tone: TimedMessage['tone'], text: string) => void;

/**
 * A failed save: signed out, the server's own words ('Usuário não autenticado para atualizar
 * nome.'); a refused value, the rule's message; anything else, the spec's generic failure.
 */
function saveErrorMessage(error: unknown, failed: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.code === 'request/invalid')) {
    return error.fields.name ?? error.message;
  }
  return failed;
}

function NameEditor({ name, onMessage }: { name: string; onMessage: ShowMessage }) {
  const [editing, setEditing] = useState(false);
  const updateName = useUpdateName();
  const form = useSchemaForm(updateNameRequestSchema, { defaultValues: { name } });
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus follows the mode: into the input when editing starts, back to the button after.
  useEffect(() => {
    if (editing) form.setFocus('name');
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing, form]);

  const saving = updateName.isPending;
  const blank = !form.watch('name').trim();

  const startEditing = () => {
    form.reset({ name });
    setEditing(true);
  };

  // A blank name (after trimming) is never saved: the schema refuses it before any request.
  const onSubmit = form.handleSubmit(
    ({ name: trimmed }) =>
      updateName.mutate(trimmed, {
        onSuccess: () => {
          setEditing(false);
          onMessage('success', AUTH_MESSAGES.nameSaved);
        },
        onError: (error) =>
          onMessage('error', saveErrorMessage(error, AUTH_MESSAGES.nameSaveFailed)),
      }),
    (errors) => onMessage('error', errors.name?.message ?? AUTH_MESSAGES.nameSaveFailed),
  );

  if (!editing) {
    return (
      <Button
        ref={editButtonRef}
        variant="ghost"
        size="sm"
        className="-ml-2 text-primary-ink"
        onClick={startEditing}
      >
        <Pencil className="size-4" aria-hidden="true" />
        Editar nome
      </Button>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-1 w-full space-y-2">
      <TextField
        id="perfil-nome"
        label="Nome"
        labelClassName="mb-2 block text-xs font-medium text-ink-muted"
        inputClassName="h-10"
        maxLength={NAME_MAX_LENGTH}
        autoComplete="name"
        disabled={saving}
        invalid={Boolean(form.formState.errors.name)}
        {...form.register('name')}
        onKeyDown={(event) => {
          // Escape leaves the edit, not the whole panel.
          if (event.key === 'Escape') {
            event.stopPropagation();
            event.nativeEvent.stopImmediatePropagation();
            setEditing(false);
          }
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={blank} busy={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </Button>
        <Button variant="secondary" size="sm" disabled={saving} onClick={() => setEditing(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

interface Preview {
  blob: Blob;
  url: string;
}

function photoErrorMessage(error: unknown): string {
  // The server's own words for a file it refuses or a signed-out save; else the generic failure.
  if (error instanceof ApiError && [400, 401, 413, 415].includes(error.status)) {
    return errorMessage(error, AUTH_MESSAGES.photoSaveFailed);
  }
  return AUTH_MESSAGES.photoSaveFailed;
}

interface PhotoEditorProps {
  onMessage: ShowMessage;
  /** Removes the status message: a new choice makes the last one's error stale. */
  onClearMessage: () => void;
}

function PhotoEditor({ onMessage, onClearMessage }: PhotoEditorProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [preparing, setPreparing] = useState(false);
  const upload = useUploadPhoto();

  // The preview is an object URL: release it when it is replaced or the panel closes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    onClearMessage();
    if (!file.type.startsWith('image/')) {
      onMessage('error', AUTH_MESSAGES.photoNotImage);
      return;
    }
    setPreparing(true);
    try {
      const { blob } = await resizeImage(file);
      if (blob.size > PHOTO_UPLOAD_MAX_BYTES) {
        onMessage('error', AUTH_MESSAGES.photoTooLarge);
        return;
      }
      setPreview({ blob, url: URL.createObjectURL(blob) });
    } catch {
      // The browser could not decode it: for the user, it is not an image.
      onMessage('error', AUTH_MESSAGES.photoNotImage);
    } finally {
      setPreparing(false);
    }
  };

  const onSave = () => {
    if (!preview) return;
    onClearMessage();
    upload.mutate(preview.blob, {
      onSuccess: () => {
        setPreview(null);
        onMessage('success', AUTH_MESSAGES.photoSaved);
      },
      onError: (error) => onMessage('error', photoErrorMessage(error)),
    });
  };

  return (
    <div>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="hidden"
        aria-label="Selecionar foto"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Allow choosing the same file again after a cancel.
          event.target.value = '';
          void onFile(file);
        }}
      />
      {preview ? (
        <div className="mt-1 flex items-center gap-3 rounded-xl border border-line bg-surface-muted/60 p-3">
          <img
            src={preview.url}
            alt="Pré-visualização da nova foto"
            className="size-14 shrink-0 rounded-full object-cover ring-1 ring-line"
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onSave} busy={upload.isPending}>
              Salvar foto
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPreview(null)}
              disabled={upload.isPending}
            >
              Cancelar
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2 text-primary-ink"
          onClick={() => fileRef.current?.click()}
          busy={preparing}
          icon={Camera}
        >
          Alterar foto
        </Button>
      )}
    </div>
  );
}

interface ProfilePanelProps {
  user: SessionUser;
  /** Called when a link is followed, so the surrounding popover can close. */
  onNavigate: () => void;
  onSignOut: () => Promise<void>;
  headingId: string;
}

/** Contents of the header's account popover. */
export function ProfilePanel({ user, onNavigate, onSignOut, headingId }: ProfilePanelProps) {
  const status = useTimedMessage();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const editable = user.provider === 'password';

  const signOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await onSignOut();
    } catch (error) {
      setSignOutError(errorMessage(error, SIGN_OUT_FAILED));
      setSigningOut(false);
    }
  };

  return (
    <div className="flex flex-col">
      <div className="flex items-start gap-3 p-4">
        <Avatar name={user.name} photoUrl={user.photoUrl} size="lg" />
        <div className="min-w-0 flex-1 pt-0.5">
          <h2 id={headingId} className="truncate text-base font-semibold text-ink">
            {user.name || 'Sua conta'}
          </h2>
          <p className="truncate text-sm text-ink-muted">{user.email}</p>
          <p className="mt-1.5 flex flex-wrap gap-1.5">
            <span
              className={
                user.accountType === 'premium'
                  ? 'rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900'
                  : 'rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line'
              }
            >
              {user.accountType === 'premium' ? 'Premium' : 'Gratuita'}
            </span>
            {!editable && (
              <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
                Conta Google
              </span>
            )}
          </p>
        </div>
      </div>

      <div className="border-t border-line px-4 py-3">
        {editable ? (
          <div className="flex flex-col items-start gap-1">
            <NameEditor name={user.name} onMessage={status.show} />
            <PhotoEditor onMessage={status.show} onClearMessage={status.clear} />
          </div>
        ) : (
          <p className="text-sm leading-6 text-ink-muted">{AUTH_MESSAGES.googleProfileReadOnly}</p>
        )}
        {status.message && (
          <Notice tone={status.message.tone} className="mt-3">
            {status.message.text}
          </Notice>
        )}
      </div>

      <nav aria-label="Conta" className="border-t border-line p-2">
        <ul>
          {LINKS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink"
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-t border-line p-2">
        {signOutError && (
          <Notice tone="error" className="m-1 mb-2">
            {signOutError}
          </Notice>
        )}
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={signingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950/40"
        >
          {signingOut ? (
            <Spinner className="size-4" inheritColor />
          ) : (
            <LogOut className="size-4" aria-hidden="true" />
          )}
          Sair
        </button>
      </div>
    </div>
  );
}
