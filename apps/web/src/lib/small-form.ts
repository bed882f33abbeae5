import { useState, type ChangeEvent, type Dispatch, type FormEvent, type SetStateAction } from 'react';

/** A small form's values: each field is one text input (or a checkbox: its value when ticked, else ''). */
type TextValues = Record<string, string>;

/** The message shown under each invalid field (the first problem found with it). */
export type FormErrors<V extends TextValues> = Partial<Record<keyof V, { message: string }>>;

/** Checks every value: the values to send (as the schema returns them), or what is wrong. */
export type FormResolver<V extends TextValues> = (values: V) => Promise<{ values: V } | { errors: FormErrors<V> }>;

interface SmallFormOptions<V extends TextValues> {
  resolver: FormResolver<V>;
  /** Put into the inputs when they mount; read once, on the first render. */
  defaultValues: V;
}

interface Setters<V extends TextValues> {
  setErrors: Dispatch<SetStateAction<FormErrors<V>>>;
  setSubmitting: Dispatch<SetStateAction<boolean>>;
  setSubmitCount: Dispatch<SetStateAction<number>>;
  rerender: () => void;
}

/**
 * The few things /auth's forms took from react-hook-form, in about a tenth of its
 * weight (decision 044), with its default timing: nothing is checked while the
 * visitor types until the first submit; a submit checks the whole form and shows
 * every field's message; from then on each change re-checks its own field, so a
 * message goes as soon as the field is right (and comes back if it goes wrong).
 * Inputs are uncontrolled: `register(name)` gives an input its name, ref and
 * change handler, and the ref puts the default value in. Give the form's element
 * to `useFocusFirstInvalid(form)` to move focus after a refused submit. The
 * returned object is new on each render but its functions are not: an effect
 * depends on the function it calls (`setFocus`), not on the form.
 */
export function useSmallForm<V extends TextValues>({ resolver, defaultValues }: SmallFormOptions<V>) {
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const [, setChanges] = useState(0);
  const [control] = useState(() =>
    createControl(resolver, defaultValues, {
      setErrors,
      setSubmitting,
      setSubmitCount,
      rerender: () => setChanges((n) => n + 1),
    }),
  );
  return { ...control, formState: { errors, isSubmitting, submitCount } };
}

/** What an input holds: its text, or for a checkbox its value while ticked and '' while not. */
function valueOf(input: HTMLInputElement): string {
  return input.type === 'checkbox' && !input.checked ? '' : input.value;
}

/** The form's functions, made once so that inputs keep the same ref and handlers. */
function createControl<V extends TextValues>(
  resolver: FormResolver<V>,
  defaultValues: V,
  { setErrors, setSubmitting, setSubmitCount, rerender }: Setters<V>,
) {
  type Name = keyof V & string;
  const values: V = { ...defaultValues };
  const inputs: Partial<Record<Name, HTMLInputElement>> = {};
  const registrations: Partial<Record<Name, ReturnType<typeof makeRegistration>>> = {};
  const watched = new Set<Name>();
  // The latest re-check of each field: an older one that answers late is not shown.
  const checks: Partial<Record<Name, number>> = {};
  let submitted = false;

  const showError = (name: Name, error: { message: string } | undefined) =>
    setErrors((current) => {
      if (current[name]?.message === error?.message) return current;
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });

  const recheck = async (name: Name) => {
    const check = (checks[name] = (checks[name] ?? 0) + 1);
    const result = await resolver({ ...values });
    if (checks[name] === check) showError(name, 'errors' in result ? result.errors[name] : undefined);
  };

  function makeRegistration(name: Name) {
    return {
      name,
      ref: (input: HTMLInputElement | null) => {
        if (!input || input === inputs[name]) return;
        inputs[name] = input;
        // A checkbox's value is its `value` while ticked and '' while not (text values throughout).
        if (input.type === 'checkbox') {
          if (input.checked !== input.defaultChecked) values[name] = valueOf(input) as V[Name];
          else input.checked = values[name] === input.value;
          return;
        }
        // Typed into the pre-rendered page before it came alive: keep what was typed, as
        // react-hook-form does, rather than put the default back over it.
        if (input.value !== input.defaultValue) {
          values[name] = input.value as V[Name];
          if (watched.has(name)) rerender();
        } else {
          input.value = values[name] ?? '';
        }
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        values[name] = valueOf(event.target) as V[Name];
        if (watched.has(name)) rerender();
        // Offline while the rules load: the next change or submit tries again.
        if (submitted) recheck(name).catch(() => {});
      },
    };
  }

  return {
    register: (name: Name) => (registrations[name] ??= makeRegistration(name)),

    /** The current value, re-rendering the form whenever it changes (a hint that follows the typing). */
    watch: (name: Name): V[Name] => {
      watched.add(name);
      return values[name];
    },

    getValues: (name: Name): V[Name] => values[name],

    setFocus: (name: Name) => inputs[name]?.focus(),

    /** A message from elsewhere (the server): shown under the field until its next re-check. */
    setError: (name: Name, error: { message: string }, options?: { shouldFocus?: boolean }) => {
      showError(name, error);
      if (options?.shouldFocus) inputs[name]?.focus();
    },

    /**
     * Checks the form; when it passes, calls `onValid` with the checked values.
     * The form is submitting (busy) from the press until `onValid` has settled.
     */
    handleSubmit: (onValid: (values: V) => Promise<void> | void) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitting(true);
      let result: Awaited<ReturnType<FormResolver<V>>>;
      try {
        result = await resolver({ ...values });
      } catch (error) {
        // The rules could not load (offline): nothing was checked, and the next press tries again.
        setSubmitting(false);
        throw error;
      }
      try {
        if ('errors' in result) {
          setErrors(result.errors);
        } else {
          setErrors({});
          await onValid(result.values);
        }
      } finally {
        submitted = true;
        setSubmitCount((count) => count + 1);
        setSubmitting(false);
      }
    },
  };
}
