import { Type, type Static } from '@sinclair/typebox';

/** A client's SMTP connection, as set (write) and as shown (never the password). */
export const EmailConnectionBody = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    tls: Type.Union([Type.Literal('implicit'), Type.Literal('starttls'), Type.Literal('none')], { description: 'implicit (port 465), starttls (required), or none (local relays only)' }),
    username: Type.Optional(Type.String({ maxLength: 255 })),
    password: Type.Optional(Type.String({ maxLength: 1000, description: 'Stored encrypted; never returned' })),
    sender_email: Type.String({ format: 'email', maxLength: 255 }),
    sender_name: Type.Optional(Type.String({ maxLength: 200 })),
    brand_name: Type.Optional(Type.String({ maxLength: 200, description: 'Shown in the invitation; default the sender name' })),
  },
  { additionalProperties: false },
);

export const EmailConnectionOut = Type.Object({
  host: Type.String(), port: Type.Integer(), tls: Type.String(), username: Type.Union([Type.String(), Type.Null()]),
  password_set: Type.Boolean(), sender_email: Type.String(), sender_name: Type.Union([Type.String(), Type.Null()]),
  brand_name: Type.Union([Type.String(), Type.Null()]), revision: Type.String(),
});

export type EmailConnectionInput = Static<typeof EmailConnectionBody>;
export type EmailConnectionView = Static<typeof EmailConnectionOut>;
