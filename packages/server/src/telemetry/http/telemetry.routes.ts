import { TELEMETRY_LIMITS } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isApiKey, type ApiKeys } from '../../auth/api-keys.js';
import type { Telemetry } from '../telemetry.js';

/**
 * HTTP Basic credentials: the VIN as user name, the device token as password (as over MQTT), or an
 * API key with the `telemetry` scope whose owner may see the vehicle (docs/integrations.md).
 */
function basicCredentials(header: string | undefined): { vin: string; token: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { vin: decoded.slice(0, colon), token: decoded.slice(colon + 1) } : null;
}

/** The HTTP batch endpoint for devices and gateways that cannot speak MQTT (docs/telemetry-protocol.md). */
export const telemetryRoutes =
  (telemetry: Telemetry, apiKeys?: Pick<ApiKeys, 'telemetryVehicle'>): FastifyPluginAsyncZod =>
  async (app) => {
    // Readings are parsed by the ingest path itself, which counts a malformed body as a refusal.
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: TELEMETRY_LIMITS.maxMessageBytes },
      (_req, body, done) => done(null, body),
    );

    app.addHook('onError', async (req, _reply, error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        telemetry.rejections.count('too_large', 'http', `${req.headers['content-length']} bytes`);
    });

    app.post(
      '/api/telemetry/readings',
      { config: { access: 'public', judgesItsInput: true }, bodyLimit: TELEMETRY_LIMITS.maxMessageBytes },
      async (req, reply) => {
        const credentials = basicCredentials(req.headers.authorization);
        if (!credentials) {
          telemetry.rejections.count('bad_credential', 'http', 'no Basic credentials');
          return reply
            .status(401)
            .header('www-authenticate', 'Basic realm="evfleet devices"')
            .send({ status: 401, message: 'Device credentials are required (HTTP Basic: VIN and device token).' });
        }
        const body = (req.body as Buffer | undefined) ?? Buffer.alloc(0);
        if (isApiKey(credentials.token) && apiKeys) {
          const vehicleId = await apiKeys.telemetryVehicle(credentials.token, credentials.vin, req.ip);
          if (vehicleId === 'limited')
            return reply.status(429).header('retry-after', '1').send({ status: 429, message: 'Too many requests.' });
          if (vehicleId === null) {
            telemetry.rejections.count('bad_credential', 'http', 'API key');
            return reply.status(401).send({ status: 401, message: 'Unknown device or wrong device token.' });
          }
          const result = await telemetry.ingest.readings('http', vehicleId, body);
          return result.accepted === 0
            ? reply.status(400).send({ status: 400, message: 'No reading was accepted.', ...result })
            : result;
        }
        const result = await telemetry.ingest.message('http', credentials.vin, credentials.token, body);
        const refusal = result.rejected.find((r) => r.index === -1);
        if (refusal && (refusal.reason === 'unknown_device' || refusal.reason === 'bad_credential')) {
          return reply.status(401).send({ status: 401, message: 'Unknown device or wrong device token.' });
        }
        if (result.accepted === 0)
          return reply.status(400).send({ status: 400, message: 'No reading was accepted.', ...result });
        return result;
      },
    );

    app.get('/api/telemetry/rejections', { config: { access: ['ROLE_ADMIN'] } }, () => telemetry.rejections.snapshot());
  };
