import { useRef } from 'react';
import { Button, type ButtonVariant } from '../button';

export interface FilePickerProps {
  label: string;
  variant?: ButtonVariant;
  onPick: (file: File) => void;
  testId: string;
}

/**
 * "Upload a photo": a real button that opens the file chooser (no `capture` attribute, so phones
 * offer both the gallery and the camera app). The input stays in the DOM for automation.
 */
export function FilePicker({ label, variant = 'secondary', onPick, testId }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button variant={variant} onClick={() => inputRef.current?.click()} data-testid={testId}>
        {label}
      </Button>
    </>
  );
}
