import { FolderOpen } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { TextField } from './form-field';

interface OpenByCodeFormProps {
  label: string;
  description: string;
  /** Said when 'Abrir' is pressed with nothing typed. */
  emptyMessage: string;
  onOpen: (code: string) => void;
}

/** Opens something by its code, typed or pasted (e.g. from the viewer's address). */
export function OpenByCodeForm({ label, description, emptyMessage, onOpen }: OpenByCodeFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (!code) {
      setError(emptyMessage);
      return;
    }
    onOpen(code);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={label}
        description={description}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={error}
        spellCheck={false}
        autoComplete="off"
        maxLength={300}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" icon={FolderOpen} className="sm:mt-7">
        Abrir
      </Button>
    </form>
  );
}
