// react-hook-form set up the same way for every section: the contract's strict schema as the
// resolver, every change reported for autosave, server issues shown on arrival.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type BaseSyntheticEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { SectionProps } from './section-props';

export interface SectionForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** onSubmit of the <form>: validates, focuses the first invalid field, or calls onNext. */
  submit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** Untranslated error key of a field (dotted path), if any. */
  errorOf: (name: string) => string | undefined;
}

export function useSectionForm<V extends FieldValues>(
  schema: z.ZodType,
  props: Pick<SectionProps<V>, 'initial' | 'onChange' | 'onNext' | 'issues'>,
  onInvalid?: (errors: FieldErrors<V>) => void,
): SectionForm<V> {
  const form = useForm<V>({
    defaultValues: (props.initial ?? {}) as DefaultValues<V>,
    resolver: zodResolver(schema as unknown as z.ZodType<V, V>) as unknown as Resolver<V>,
    // Errors appear on "Continue", then follow the typing (no red fields while filling in).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });
  useEffect(() => {
    const sub = form.watch((values) => onChange.current(values as V));
    return () => sub.unsubscribe();
  }, [form]);

  // Server issues (a refused submit) are shown once, when the section opens.
  const issues = useRef(props.issues);
  useEffect(() => {
    for (const issue of issues.current) {
      if (issue.path) form.setError(issue.path as Path<V>, { type: 'server', message: issue.message });
    }
  }, [form]);

  const submit = form.handleSubmit((values) => props.onNext(values), onInvalid);
  const errorOf = (name: string) => {
    const err = get(form.formState.errors, name) as { message?: unknown; root?: { message?: unknown } } | undefined;
    const message = err?.message ?? err?.root?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return { form, submit, errorOf };
}
