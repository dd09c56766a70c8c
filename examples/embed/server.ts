/**
 * A firm's web site that embeds the hosted verification flow (docs/hosted-flow.md "Embedding"). Its back end
 * holds the API credentials and asks the service for a flow link; its page loads the web SDK from the service
 * and opens the link in a modal or mounts it in the page. The browser never sees the credentials.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKycClient } from '../../packages/sdk/src/index.ts';

export interface EmbedExampleOptions {
  /** The KYC service (where /embed/kyc-flow.js and the flow are). */
  kycUrl: string;
  clientId: string;
  clientSecret: string;
  /** The firm's own address; it must be one of the client's allowed origins. */
  host?: string;
  port?: number;
}

const PAGE = new URL('./index.html', import.meta.url);

export async function startEmbedExample(options: EmbedExampleOptions) {
  const kyc = createKycClient({ baseUrl: options.kycUrl, clientId: options.clientId, clientSecret: options.clientSecret });
  const html = (await readFile(PAGE, 'utf8')).replaceAll('{{KYC_URL}}', options.kycUrl.replace(/\/+$/, ''));

  /** What the firm's back end does when its customer clicks "Verify": an account, its contact, the flow's link. */
  async function startVerification(person: { first_name: string; last_name: string; email: string }) {
    const account = await kyc.accounts.create({ name: `${person.first_name} ${person.last_name}`, type: 'INDIVIDUAL', primary_contact: person } as never);
    const requested = await kyc.onboarding.trigger(account.id, account.primary_contact.id, {
      parameters: { personal_details: 'true', idscan: 'true', suppress_invitation_mail: 'true' },
    } as never);
    return { url: requested.data.onboarding_url! };
  }

  const server: Server = createServer((req, res) => {
    // The firm's own page: its CSP lets it load the SDK from the KYC service and frame the flow from there.
    const kycOrigin = new URL(options.kycUrl).origin;
    const csp = `default-src 'self'; script-src 'self' ${kycOrigin}; frame-src ${kycOrigin}; style-src 'self'; connect-src 'self'`;
    if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(html);
    } else if (req.method === 'GET' && req.url === '/app.js') {
      readFile(new URL('./app.js', import.meta.url)).then((js) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(js));
    } else if (req.method === 'POST' && req.url === '/start-verification') {
      // In a real site: the signed-in customer's details, from the firm's own records.
      startVerification({ first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com' }).then(
        (out) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out)),
        () => res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'could not start the verification' })),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port, startVerification,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// node --import tsx examples/embed/server.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const example = await startEmbedExample({
    kycUrl: process.env.KYC_URL ?? 'http://localhost:8080',
    clientId: process.env.KYC_CLIENT_ID ?? '', clientSecret: process.env.KYC_CLIENT_SECRET ?? '',
    host: 'localhost', port: Number(process.env.PORT ?? 3000),
  });
  process.stdout.write(`The firm's page: http://localhost:${example.port}/ (allow this origin: PUT /clients/{id}/embedding)\n`);
}
