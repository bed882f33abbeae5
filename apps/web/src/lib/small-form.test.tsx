import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFocusFirstInvalid } from './focus-first-invalid';
import { useSmallForm, type FormErrors, type FormResolver } from './small-form';

type Values = { name: string; email: string };

const resolver: FormResolver<Values> = async ({ name, email }) => {
  const errors: FormErrors<Values> = {};
  if (!name.trim()) errors.name = { message: 'Name is required' };
  if (!email.includes('@')) errors.email = { message: 'Please enter a valid email address' };
  return Object.keys(errors).length > 0 ? { errors } : { values: { name: name.trim(), email } };
};

/** What the server says about the values: nothing (taken), or a reason that belongs under the email field. */
type Send = (values: Values) => Promise<string | undefined>;

function TestForm({ send }: { send: Send }) {
  const form = useSmallForm<Values>({ resolver, defaultValues: { name: '', email: 'ada@example.com' } });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;
  const [copied, setCopied] = useState('');
  const onSubmit = async (values: Values) => {
    const refusal = await send(values);
    if (refusal) form.setError('email', { message: refusal });
  };
  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} readOnly={isSubmitting} {...form.register('name')} />}
      </FormField>
      <EmailField registration={form.register('email')} error={errors.email?.message} readOnly={isSubmitting} />
      <p>Hello, {form.watch('name')}</p>
      <button type="button" onClick={() => setCopied(form.getValues('email'))}>
        Copy email
      </button>
      {copied && <p>Copied {copied}</p>}
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

const name = () => screen.getByLabelText('Name') as HTMLInputElement;
const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const send = () => userEvent.click(screen.getByRole('button', { name: /Send/ }));

afterEach(cleanup);

describe('useSmallForm', () => {
  it('puts the default values in the inputs and says nothing while the visitor types before a submit', async () => {
    render(<TestForm send={vi.fn()} />);
    expect(email().value).toBe('ada@example.com');
    await userEvent.clear(email());
    await userEvent.type(email(), 'not-an-address');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBe('false');
  });

  it('shows every message on a refused submit, sends nothing and focuses the first invalid field', async () => {
    const sendValues = vi.fn<Send>();
    render(<TestForm send={sendValues} />);
    await userEvent.clear(email());
    await userEvent.type(email(), 'ada');
    await send();

    expect((await screen.findByText('Name is required')).id).toBe(name().getAttribute('aria-describedby'));
    expect(screen.getByText('Please enter a valid email address').id).toBe(email().getAttribute('aria-describedby'));
    expect(name().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name()));
    expect(sendValues).not.toHaveBeenCalled();
  });

  it('after a submit, re-checks a field as it changes: its message goes when it is right and comes back when not', async () => {
    render(<TestForm send={vi.fn()} />);
    await userEvent.clear(email());
    await send();
    await screen.findByText('Name is required');

    await userEvent.type(name(), 'Ada');
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(name().getAttribute('aria-invalid')).toBe('false');
    // The other field keeps its message until it changes itself.
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    await userEvent.clear(name());
    await screen.findByText('Name is required');
    await userEvent.type(email(), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
  });

  it('is busy from the press until sending has settled, then sends the checked values', async () => {
    let answer: (refusal: string | undefined) => void = () => {};
    const sendValues = vi.fn<Send>(() => new Promise((resolve) => (answer = resolve)));
    render(<TestForm send={sendValues} />);
    await userEvent.type(name(), '  Ada  ');
    await send();

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(name().readOnly).toBe(true);
    expect(email().readOnly).toBe(true);
    expect(sendValues).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });

    answer(undefined);
    await screen.findByRole('button', { name: 'Send' });
    expect(name().readOnly).toBe(false);
  });

  it("shows the server's message under its field and focuses it; the field's next change re-checks it", async () => {
    render(<TestForm send={async () => 'That address cannot receive mail'} />);
    await userEvent.type(name(), 'Ada');
    await send();

    const message = await screen.findByText('That address cannot receive mail');
    expect(message.id).toBe(email().getAttribute('aria-describedby'));
    await waitFor(() => expect(document.activeElement).toBe(email()));

    await userEvent.type(email(), 'm');
    await waitFor(() => expect(screen.queryByText('That address cannot receive mail')).toBeNull());
  });

  it('keeps what was typed into the pre-rendered page before it came alive', async () => {
    const sendValues = vi.fn<Send>(async () => undefined);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<TestForm send={sendValues} />);
    // The pre-rendered input shows no value until the form puts the default in.
    (container.querySelector('input[name="name"]') as HTMLInputElement).value = 'Ada';
    render(<TestForm send={sendValues} />, { container, hydrate: true });

    expect(name().value).toBe('Ada');
    expect(email().value).toBe('ada@example.com');
    screen.getByText('Hello, Ada');
    await send();
    await waitFor(() => expect(sendValues).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' }));
  });

  it('gives the current values to the form while the visitor types', async () => {
    render(<TestForm send={vi.fn()} />);
    await userEvent.type(name(), 'Ada');
    screen.getByText('Hello, Ada');
    await userEvent.type(email(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Copy email' }));
    screen.getByText('Copied ada@example.comx');
  });

  it('keeps the answer of the latest re-check when an earlier one comes back later', async () => {
    // The check of "A" (valid) is held back until the test lets it answer.
    let release = () => {};
    let held: Promise<unknown> = Promise.resolve();
    const holdingA: FormResolver<Values> = (values) => {
      if (values.name !== 'A') return resolver(values);
      held = new Promise<void>((resolve) => (release = resolve)).then(() => resolver(values));
      return held as ReturnType<FormResolver<Values>>;
    };
    function HoldingForm() {
      const form = useSmallForm<Values>({ resolver: holdingA, defaultValues: { name: '', email: 'a@b.c' } });
      return (
        <form noValidate onSubmit={form.handleSubmit(() => {})}>
          <FormField label="Name" error={form.formState.errors.name?.message}>
            {(control) => <Input {...control} {...form.register('name')} />}
          </FormField>
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<HoldingForm />);
    await send();
    await screen.findByText('Name is required');
    await userEvent.type(name(), 'A');
    await userEvent.clear(name());
    await screen.findByText('Name is required');

    await act(async () => {
      release();
      await held;
    });
    expect(screen.getByText('Name is required')).toBeTruthy();
  });
});

describe('a checkbox in a small form', () => {
  type Consent = { agreed: string };
  const consentResolver: FormResolver<Consent> = async ({ agreed }) =>
    agreed === 'yes' ? { values: { agreed } } : { errors: { agreed: { message: 'Please tick the box' } } };

  function ConsentForm({ send }: { send: (values: Consent) => void }) {
    const form = useSmallForm<Consent>({ resolver: consentResolver, defaultValues: { agreed: '' } });
    return (
      <form noValidate onSubmit={form.handleSubmit(send)}>
        <input id="agreed" type="checkbox" value="yes" {...form.register('agreed')} />
        <label htmlFor="agreed">I agree</label>
        {form.formState.errors.agreed && <p>{form.formState.errors.agreed.message}</p>}
        <button type="submit">Send</button>
      </form>
    );
  }

  it('holds its value while ticked and nothing while not, re-checked after the first submit', async () => {
    const sent = vi.fn();
    render(<ConsentForm send={sent} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Please tick the box');
    expect(sent).not.toHaveBeenCalled();

    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByText('Please tick the box')).toBeNull());
    await userEvent.click(box);
    await screen.findByText('Please tick the box');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ agreed: 'yes' }));
  });
});
