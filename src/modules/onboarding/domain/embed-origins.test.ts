import { describe, expect, it } from 'vitest';
import { checkOrigin, checkOrigins, frameAncestors, MAX_EMBED_ORIGINS } from './embed-origins.ts';

describe('embed origins', () => {
  it('accepts https origins and writes them as browsers do', () => {
    expect(checkOrigin('https://App.Example.com')).toEqual({ ok: true, origin: 'https://app.example.com' });
    expect(checkOrigin('https://app.example.com/')).toEqual({ ok: true, origin: 'https://app.example.com' });
    expect(checkOrigin('https://app.example.com:8443')).toEqual({ ok: true, origin: 'https://app.example.com:8443' });
    expect(checkOrigin('https://app.example.com:443')).toEqual({ ok: true, origin: 'https://app.example.com' });
    expect(checkOrigin('http://localhost:5173')).toEqual({ ok: true, origin: 'http://localhost:5173' });
    expect(checkOrigin('http://127.0.0.1:3000')).toEqual({ ok: true, origin: 'http://127.0.0.1:3000' });
  });

  it.each([
    ['http://app.example.com', /https/],
    ['https://app.example.com/onboarding', /path/],
    ['https://app.example.com?x=1', /path, query/],
    ['https://app.example.com#top', /fragment/],
    ['https://*.example.com', /Wildcards/],
    ['https://user:pw@app.example.com', /user name/],
    ['app.example.com', /Not an origin|https/],
    ['javascript:alert(1)', /https/],
    ['data:text/html,x', /https/],
    ['', /Give an origin/],
    ['https://exa mple.com', /Not an origin|host/],
    ["https://a.com 'unsafe-inline'", /Not an origin|host|path/],
    ['https://a.com;script-src', /Not an origin|host|path/],
  ])('refuses %j', (input, message) => {
    const checked = checkOrigin(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it('reports each bad entry by its index and folds duplicates', () => {
    expect(checkOrigins(['https://a.example', 'http://b.example', 'https://A.example/', 'https://c.example/x'])).toEqual({
      origins: ['https://a.example'],
      errors: [{ index: 1, message: expect.stringMatching(/https/) }, { index: 3, message: expect.stringMatching(/path/) }],
    });
    expect(checkOrigins(Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://h${i}.example`)).errors).toHaveLength(1);
  });

  it('makes the frame-ancestors directive, none when empty', () => {
    expect(frameAncestors([])).toBe("frame-ancestors 'none'");
    expect(frameAncestors(['https://a.example', 'http://localhost:3000'])).toBe('frame-ancestors https://a.example http://localhost:3000');
  });
});
