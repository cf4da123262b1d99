import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from 'react-hook-form';
import type { RegisterBody } from '@academy/contract';
import { en } from '../../../i18n/en';
import { si } from '../../../i18n/si';
import { fieldErrorText } from './field-error-text';
import { serverMessage } from './register-fields';
import { wizardFormOptions } from './wizard-form';

// The consent box of the registration wizard (ASVS 8.3.3): the form refuses to send a registration
// whose box is not ticked, and says so beside the box in the reader's language, as it does when
// the server refuses one.

beforeAll(async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en }, si: { translation: si } }, interpolation: { escapeValue: false } });
});

const filled: RegisterBody = {
  name: 'Kasun Perera',
  email: 'kasun@example.lk',
  whatsAppNo: '0771234567',
  additionalNo: '',
  district: 'Kandy',
  scl: '',
  address: '',
  password: 'lesson-pass-2026',
  studentIdImg: '',
  indianHistory: true,
  europeHistory: false,
  historyType: 'Indian',
  batch: '2026',
  classType: 'Theory',
};

async function resolve(values: RegisterBody) {
  const { resolver } = wizardFormOptions();
  if (!resolver) throw new Error('the wizard has no resolver');
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe("the registration wizard's consent box", () => {
  it('starts unticked', () => {
    expect(wizardFormOptions().defaultValues).toMatchObject({ consent: false });
  });

  it('keeps an unticked or missing box from being sent, naming the consent', async () => {
    for (const consent of [false, undefined]) {
      const { errors, values } = await resolve({ ...filled, consent });
      expect(Object.keys(errors)).toEqual(['consent']);
      expect(values).toEqual({});
    }
  });

  it('lets a ticked box through, and sends it', async () => {
    const { errors, values } = await resolve({ ...filled, consent: true });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ consent: true, email: 'kasun@example.lk' });
  });

  it("says why beside the box in English and Sinhala, for the form's check and for the server's 400", async () => {
    const { errors } = await resolve({ ...filled, consent: false });
    const error = errors.consent as FieldError;
    await i18next.changeLanguage('en');
    expect(fieldErrorText('consent', error)).toBe('Privacy notice must be accepted to register');
    expect(serverMessage('consent', 'consent must be accepted to register')).toBe('Privacy notice must be accepted to register');
    await i18next.changeLanguage('si');
    try {
      expect(fieldErrorText('consent', error)).toBe('රහස්‍යතා දැන්වීම ලියාපදිංචි වීමට පිළිගත යුතුය');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
