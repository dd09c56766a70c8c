import express from 'express';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../../src/modules/webhooks/index.ts';
import { expressWebhook, fastifyWebhook, verifyWebhook, WebhookVerificationError, type KycWebhookEvent } from '../src/index.ts';

const SECRET = 'sdk-webhook-test-secret';
const event = { id: 'evt_1', event: 'REPORT_READY', entity: 'CONTACT', report_type: 'AML', client_id: 'cli_1', account_id: 'acc_1', contact_id: 'ctc_1', report_id: 'acc_1--ctc_1', revision: '2', occurred_at: new Date().toISOString(), environment: 'live' };
const body = JSON.stringify(event);

describe('verifyWebhook', () => {
  it('accepts a delivery signed as the service signs it', () => {
    expect(verifyWebhook(signedHeaders(SECRET, event.id, body, new Date()), body, SECRET)).toEqual(event);
  });
  it('accepts whsec_ secrets', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    expect(verifyWebhook(signedHeaders(secret, event.id, body, new Date()), Buffer.from(body), secret).id).toBe('evt_1');
  });
  it('rejects a changed body, a wrong secret and an old timestamp', () => {
    const headers = signedHeaders(SECRET, event.id, body, new Date());
    expect(() => verifyWebhook(headers, body.replace('AML', 'ONBOARDING'), SECRET)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(headers, body, 'another-secret-entirely')).toThrow(WebhookVerificationError);
    const old = signedHeaders(SECRET, event.id, body, new Date(Date.now() - 10 * 60_000));
    expect(() => verifyWebhook(old, body, SECRET)).toThrow(WebhookVerificationError);
  });
});

async function post(url: string, headers: Record<string, string>, payload: string) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
}

describe('receiver middleware processes each event once', () => {
  let server: Server;
  let expressUrl: string;
  const fastify = Fastify();
  let fastifyUrl: string;
  const fromExpress: KycWebhookEvent[] = [];
  const fromFastify: KycWebhookEvent[] = [];

  beforeAll(async () => {
    const app = express();
    app.post('/hooks', express.raw({ type: 'application/json' }), expressWebhook({ secret: SECRET, onEvent: (e) => void fromExpress.push(e) }));
    server = await new Promise<Server>((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
    expressUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    await fastifyWebhook(fastify as never, { path: '/hooks', secret: SECRET, onEvent: (e) => void fromFastify.push(e) });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    fastifyUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await fastify.close();
  });

  for (const [name, url, received] of [['Express', () => expressUrl, fromExpress], ['Fastify', () => fastifyUrl, fromFastify]] as const) {
    it(`${name}: 204 once, 200 for the duplicate, 400 for a forgery`, async () => {
      const headers = signedHeaders(SECRET, 'evt_dup', body, new Date());
      expect((await post(url(), headers, body)).status).toBe(204);
      expect((await post(url(), headers, body)).status).toBe(200);
      expect((await post(url(), headers, body.replace('REPORT_READY', 'REPORT_ERROR'))).status).toBe(400);
      expect(received).toHaveLength(1);
      expect(received[0]!.event).toBe('REPORT_READY');
    });
  }
});
