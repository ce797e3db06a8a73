import { describe, expect, it } from 'vitest';
import { createUserFormSchema, createUserSchema, landmineCreateSchema, speechRateFormSchema, speechRateSettingsSchema } from '@/contract';

/** The forms' schemas (src/contract) hold the same rules as the bodies the server checks, and turn the form into the body. */
describe('form schemas', () => {
  it('reads the speech-rate numbers as typed and keeps the bounds of the body', () => {
    expect(speechRateFormSchema.parse({ enabled: false, time_window: ' 60 ', max_words: '150' })).toEqual({
      enabled: false,
      time_window: 60,
      max_words: 150,
    });
    for (const [time_window, max_words] of [
      ['', '150'],
      ['0', '150'],
      ['121', '150'],
      ['1.5', '150'],
      ['abc', '150'],
      ['30', '501'],
    ]) {
      expect(speechRateFormSchema.safeParse({ enabled: true, time_window, max_words }).success).toBe(false);
      const body = { enabled: true, time_window: Number(time_window || Number.NaN), max_words: Number(max_words) };
      expect(speechRateSettingsSchema.safeParse(body).success).toBe(false);
    }
    expect(speechRateFormSchema.safeParse({ enabled: true, time_window: '120', max_words: '1' }).success).toBe(true);
  });

  it('trims the email of Create New User and otherwise checks what the server checks', () => {
    const form = { email: ' new@example.test ', password: 'secret1', name: ' New Person ', role: 'user' as const };
    const body = createUserFormSchema.parse(form);
    expect(body).toEqual({ email: 'new@example.test', password: 'secret1', name: 'New Person', role: 'user' });
    expect(createUserSchema.parse(body)).toEqual(body);
    expect(createUserFormSchema.safeParse({ ...form, password: '12345' }).success).toBe(false);
    expect(createUserFormSchema.safeParse({ ...form, email: 'not-an-email' }).success).toBe(false);
    expect(createUserFormSchema.safeParse({ ...form, name: '   ' }).success).toBe(false);
    expect(createUserFormSchema.safeParse({ ...form, extra: true }).success).toBe(false);
  });

  it('turns the landmine form into the body: trimmed, blank entries and blank optional texts dropped', () => {
    const parsed = landmineCreateSchema.parse({
      trigger: ' free forever ',
      category: 'Pricing',
      priority: 'high',
      triggerVariations: ['no cost ever', '   '],
      canSay: [
        { point: 'Free trial', context: ' then paid ' },
        { point: ' ', context: 'ignored' },
        { point: 'Discounts', context: '' },
      ],
      cannotSay: [{ point: 'Free forever', reason: '', severity: 'legal_risk' }],
      quickTips: '',
    });
    expect(parsed).toEqual({
      trigger: 'free forever',
      category: 'Pricing',
      priority: 'high',
      triggerVariations: ['no cost ever'],
      canSay: [{ point: 'Free trial', context: 'then paid' }, { point: 'Discounts' }],
      cannotSay: [{ point: 'Free forever', severity: 'legal_risk' }],
      quickTips: '',
      isActive: true,
    });
    expect(landmineCreateSchema.safeParse({ trigger: 'x', category: '  ' }).success).toBe(false);
  });
});
