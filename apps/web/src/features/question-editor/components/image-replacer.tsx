import { type Figure, IMAGE_REPLACE_MAX_BYTES, IMAGE_REPLACE_MESSAGES } from '@gabarita/shared';
import { ImageUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { useReplaceImage } from '../api/question-editor-api';

const ACCEPTED = '.svg,.png,.jpg,.jpeg,.webp,.gif';
const REPLACE_FAILED = 'Não foi possível substituir a imagem. Tente novamente.';

function FigureRow({ figure }: { figure: Figure }) {
  const replace = useReplaceImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [tooLarge, setTooLarge] = useState(false);

  function choose(file: File | undefined) {
    if (!file) return;
    setTooLarge(file.size > IMAGE_REPLACE_MAX_BYTES);
    if (file.size > IMAGE_REPLACE_MAX_BYTES) return;
    replace.mutate({ assetId: figure.assetId, file });
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <img
        src={figure.url}
        alt=""
        className="h-20 w-32 shrink-0 rounded-lg border border-line bg-white object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="break-all font-mono text-sm text-ink">{figure.assetId}</p>
        <label htmlFor={inputId} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <ImageUp className="size-4" aria-hidden="true" />
          {replace.isPending ? 'Substituindo...' : 'Substituir imagem'}
          <span className="sr-only"> {figure.assetId}</span>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPTED}
          className="sr-only"
          disabled={replace.isPending}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {tooLarge && <Notice tone="error">{IMAGE_REPLACE_MESSAGES.tooLarge}</Notice>}
        {replace.isError && (
          <Notice tone="error">{errorMessage(replace.error, REPLACE_FAILED)}</Notice>
        )}
        {replace.isSuccess && <Notice tone="success">{replace.data.message}</Notice>}
      </div>
    </li>
  );
}

/**
 * The images the question shows, each replaceable by a new file with the importer's checks
 * (docs/product-rules.md, "Question versions"): the new one appears wherever the image is used.
 */
export function ImageReplacer({ figures }: { figures: Figure[] }) {
  if (figures.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="imagens-titulo" className="mt-6">
      <h3 id="imagens-titulo" className="text-base font-semibold text-ink">
        Imagens da questão
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        Substituir uma imagem troca o arquivo em todas as questões que a usam. O arquivo passa pelas
        mesmas verificações da importação (formato, tamanho, dimensões, SVG seguro).
      </p>
      <ul className="mt-4 divide-y divide-line">
        {figures.map((figure) => (
          <FigureRow key={figure.assetId} figure={figure} />
        ))}
      </ul>
    </Card>
  );
}
