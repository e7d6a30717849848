import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { startEmbeddedBroker } from './mqtt-broker.js';
import { startBrokerConsumer } from './mqtt-consumer.js';
import type { Telemetry } from './telemetry.js';

/** MQTT ingestion as configured: an external broker, the embedded one, or none (port 0). */
export interface MqttTransport {
  close(): Promise<void>;
  /** Listening (embedded broker) or connected (external broker). */
  readonly connected: boolean;
}

export async function startMqtt(
  telemetry: Telemetry,
  config: Config,
  log: FastifyBaseLogger,
): Promise<MqttTransport | null> {
  if (config.mqtt.url)
    return startBrokerConsumer(telemetry, {
      url: config.mqtt.url,
      clientId: config.mqtt.clientId,
      shareGroup: config.mqtt.shareGroup,
      log,
    });
  if (config.mqtt.port === 0) return null;
  return startEmbeddedBroker(telemetry, { port: config.mqtt.port, host: config.host, log });
}
