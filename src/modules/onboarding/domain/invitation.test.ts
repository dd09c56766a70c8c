import { describe, expect, it } from 'vitest';
import { invitationMessage } from './invitation.ts';

describe('invitation message', () => {
  const m = invitationMessage({ brand: 'Acme <Bank>', firstName: 'Ada', link: 'https://kyc.test/verify/abc', expiresAt: new Date('2026-12-22T00:00:00Z') });
  it('carries the link in both parts and the expiry date', () => {
    expect(m.text).toContain('https://kyc.test/verify/abc');
    expect(m.html).toContain('href="https://kyc.test/verify/abc"');
    expect(m.text).toContain('2026-12-22');
  });
  it('escapes the brand in HTML', () => {
    expect(m.html).toContain('Acme &lt;Bank&gt;');
    expect(m.html).not.toContain('<Bank>');
  });
});
