import { useState, type FormEvent } from 'react';
import { Smartphone } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLocalPhones } from '../api/phone-api';

export type PhoneIdentity = { phone: string; profileName: string };

/** Digits in international format, as WhatsApp ids are; null when it cannot be a number. */
export function phoneDigits(input: string): string | null {
  const digits = input.replace(/[\s()+.-]/g, '');
  return /^\d{7,15}$/.test(digits) ? digits : null;
}

interface PhoneIdentityFormProps {
  identity: PhoneIdentity;
  onChange(identity: PhoneIdentity): void;
}

/** Whose phone this is: a number and the name on its WhatsApp profile, or one that wrote before. */
export function PhoneIdentityForm({ identity, onChange }: PhoneIdentityFormProps) {
  const [phone, setPhone] = useState(identity.phone);
  const [profileName, setProfileName] = useState(identity.profileName);
  const [errors, setErrors] = useState<{ phone?: string; profileName?: string }>({});
  const phones = useLocalPhones();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = phoneDigits(phone);
    const name = profileName.trim();
    const found = {
      phone: digits ? undefined : 'Enter 7 to 15 digits with the country code, e.g. 447700900123.',
      profileName: name ? undefined : 'Enter the name WhatsApp shows for this phone.',
    };
    setErrors(found);
    if (digits && name) {
      setPhone(digits);
      onChange({ phone: digits, profileName: name.slice(0, 100) });
    }
  };

  const others = (phones.data ?? []).filter((p) => p.phone !== identity.phone);

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormField label="Phone number" error={errors.phone} hint="With the country code, digits only.">
          {(control) => (
            <Input
              {...control}
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Profile name" error={errors.profileName}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={100}
              value={profileName}
              onChange={(event) => setProfileName(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline">
          <Smartphone aria-hidden="true" />
          Use this phone
        </Button>
      </form>
      {others.length > 0 && (
        <section aria-labelledby="recent-phones" className="grid gap-2">
          <h2 id="recent-phones" className="text-sm font-medium">
            Other phones
          </h2>
          <ul className="grid gap-1">
            {others.map((p) => (
              <li key={p.phone}>
                <Button
                  variant="ghost"
                  className="h-auto w-full justify-start px-2 py-1.5 text-left"
                  onClick={() => {
                    const name = p.profile_name ?? identity.profileName;
                    setPhone(p.phone);
                    setProfileName(name);
                    setErrors({});
                    onChange({ phone: p.phone, profileName: name });
                  }}
                >
                  <span className="grid">
                    <span>{p.profile_name ?? 'No name'}</span>
                    <span className="text-muted-foreground text-xs">
                      +{p.phone} · <RelativeTime value={p.last_at} />
                    </span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
