import { describe, expect, it } from 'vitest';
import { maskEmail, maskEmailsIn, maskPhone } from './mask';

describe('masking personal data', () => {
  it('masks e-mails and phones as the kiosk and logs show them', () => {
    expect(maskEmail('jane.doe@gmail.com')).toBe('j•••@g•••.com');
    expect(maskPhone('07700 900123')).toBe('•••• ••• 123');
  });
  it('masks e-mails inside request URLs, encoded or not', () => {
    expect(maskEmailsIn('/api/session-credits/jane%40example.co.uk')).toBe('/api/session-credits/j•••@e•••.uk');
    expect(maskEmailsIn('/api/loyalty/member/bob@site.org?x=1')).toBe('/api/loyalty/member/b•••@s•••.org?x=1');
    expect(maskEmailsIn('/api/contact')).toBe('/api/contact');
  });
});
