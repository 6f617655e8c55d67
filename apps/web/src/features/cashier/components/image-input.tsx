import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/shared/ui/field';
import { IMAGE_ACCEPT, imageProblem, uploadLimitText } from '../lib/files';
import type { FieldProblem } from '../lib/form-problem';

/** A blob address for the preview, revoked when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

interface ImageInputProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's problem with this field (e.g. required), shown unless the pick was refused. */
  error: FieldProblem | null;
  testId: string;
  disabled?: boolean;
}

/** An image picker (JPEG, PNG, WebP up to the limit) with a preview of the chosen file. */
export function ImageInput({ label, file, onChange, error, testId, disabled }: ImageInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<FieldProblem | null>(null);
  const preview = useObjectUrl(file);
  const shown = refused ?? error;

  return (
    <Field
      id={id}
      label={label}
      error={shown?.key ?? null}
      errorValues={shown?.values}
      errorTestId={`${testId}-error`}
      hint={t('cashier.file.hint', { size: uploadLimitText })}
    >
      <div className="image-input">
        <input
          ref={inputRef}
          id={id}
          className="image-input__file"
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={disabled}
          aria-invalid={shown ? true : undefined}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (!picked) return;
            const found = imageProblem(picked);
            setRefused(found);
            if (found) {
              // Cleared so choosing the same (fixed) file again still fires a change.
              event.target.value = '';
              onChange(null);
              return;
            }
            onChange(picked);
          }}
          data-testid={testId}
        />
        {file && preview && (
          <div className="image-input__preview">
            <img
              src={preview}
              alt={t('cashier.file.preview', { label })}
              data-testid={`${testId}-preview`}
            />
            <span className="image-input__name">{file.name}</span>
            <button
              type="button"
              className="link-button"
              disabled={disabled}
              onClick={() => {
                if (inputRef.current) inputRef.current.value = '';
                onChange(null);
              }}
              data-testid={`${testId}-remove`}
            >
              {t('cashier.file.remove')}
            </button>
          </div>
        )}
      </div>
    </Field>
  );
}
