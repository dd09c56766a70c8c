import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => t?.close());

describe('/asyncapi.json', () => {
  it('is a valid AsyncAPI 3.0 document with one message per event the spec lists', async () => {
    const response = await t.app.inject({ url: '/asyncapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(document).toBeDefined();
    expect(Object.keys(doc.components.messages).sort()).toEqual([
      'ENTITY_UPDATED', 'REPORT_CREDIT_LIMIT_EXCEEDED', 'REPORT_ERROR', 'REPORT_INITIATED', 'REPORT_IN_REVIEW', 'REPORT_READY', 'REPORT_REVIEW_COMPLETED',
    ]);
  });

  it('describes the same event fields as the OpenAPI event list, plus the environment', async () => {
    const asyncapi = (await t.app.inject({ url: '/asyncapi.json' })).json();
    const openapi = (await t.app.inject({ url: '/openapi.json' })).json();
    const payload = asyncapi.components.messages.REPORT_READY.payload;
    expect(Object.keys(payload.properties).sort()).toEqual([...Object.keys(openapi.components.schemas.Event.properties), 'environment'].sort());
    expect(Object.keys(asyncapi.components.messages.REPORT_READY.headers.properties)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});

describe('/openapi.json', () => {
  it('marks a body required except where the route reads no body as {} (the chip challenge)', async () => {
    const openapi = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(openapi.paths['/verify/{token}/chip/challenge'].post.requestBody.required).toBe(false);
    expect(openapi.paths['/verify/{token}/chip/challenge'].post['x-body-optional']).toBeUndefined();
    expect(openapi.paths['/clients/{clientId}/accounts'].post.requestBody.required).toBe(true);
  });
});

describe('/sandbox/personas', () => {
  it('lists the documented personas, without a token', async () => {
    const response = await t.app.inject({ url: '/sandbox/personas' });
    expect(response.statusCode).toBe(200);
    const outcomes = response.json().personas.map((p: { outcome: string }) => p.outcome).join('\n');
    for (const outcome of ['PASS', 'REFER', 'ALERT', 'ERROR', 'CREDIT_BALANCE_EXCEEDED', 'Potential Match']) expect(outcomes).toContain(outcome);
  });
});
