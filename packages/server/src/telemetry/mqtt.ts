import { vinOfTopic } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { startMqttConsumer } from '../lib/mqtt-client/consumer.js';
import { startEmbeddedBroker } from './mqtt-broker.js';
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
    return startMqttConsumer({
      url: config.mqtt.url,
      clientId: config.mqtt.clientId,
      // Shared: the instances of evfleet split the devices' messages between them.
      topic: `$share/${config.mqtt.shareGroup}/evfleet/v1/+/readings`,
      handle: (topic, payload) => storeMessage(telemetry, topic, payload),
      log,
    });
  if (config.mqtt.port === 0) return null;
  return startEmbeddedBroker(telemetry, { port: config.mqtt.port, host: config.host, log });
}

/**
 * Stores the readings of a message from an external broker, or counts why not; resolves once they
 * are committed, when the message may be acknowledged.
 */
async function storeMessage(telemetry: Telemetry, topic: string, payload: Buffer) {
  const vin = vinOfTopic(topic);
  if (!vin) telemetry.rejections.count('wrong_topic', 'mqtt', topic.slice(0, 100));
  // The broker authenticated the device (docs/operations.md); evfleet checks that it is a vehicle.
  const device = vin ? await telemetry.devices.lookup(vin) : null;
  if (vin && !device) telemetry.rejections.count('unknown_device', 'mqtt', `device ${vin}`);
  if (device) await telemetry.ingest.readings('mqtt', device.vehicleId, payload);
}
