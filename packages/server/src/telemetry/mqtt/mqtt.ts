import { vinOfTopic } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { startMqttConsumer } from '../../lib/mqtt-client/consumer.js';
import { startEmbeddedBroker } from './mqtt-broker.js';
import { startPartitionConsumer } from './rabbitmq.js';
import type { Device } from '../devices.js';
import type { Telemetry } from '../telemetry.js';

/**
 * MQTT ingestion as configured: RabbitMQ's MQTT plugin read by partition over AMQP, an external
 * broker, the embedded one, or none (port 0).
 */
export interface MqttTransport {
  close(): Promise<void>;
  /** Listening (embedded broker) or connected (external broker). */
  readonly connected: boolean;
  /** Through RabbitMQ: the reading partitions this instance holds now. */
  readonly partitions?: number;
}

export async function startMqtt(
  telemetry: Telemetry,
  config: Config,
  log: FastifyBaseLogger,
): Promise<MqttTransport | null> {
  if (config.amqp) {
    // The vehicles met on each partition since it was consumed anew: the first message of one is
    // where this instance may be taking it over, and its state is rebuilt before it is stored.
    const met = new Map<string, Map<number, Promise<void>>>();
    return startPartitionConsumer({
      ...config.amqp,
      subscribed: (queue) => met.set(queue, new Map()),
      handle: (routingKey, payload, queue, settled) =>
        storeMessage(telemetry, routingKey.replaceAll('.', '/'), payload, settled, (vehicleId) => {
          const vehicles = met.get(queue)!;
          let ready = vehicles.get(vehicleId);
          if (!ready) vehicles.set(vehicleId, (ready = telemetry.takeOver(vehicleId)));
          return ready;
        }),
      settle: telemetry.settle,
      log,
    });
  }
  if (config.mqtt.url)
    return startMqttConsumer({
      url: config.mqtt.url,
      clientId: config.mqtt.clientId,
      // Shared: the instances of evfleet split the devices' messages between them.
      topic: `$share/${config.mqtt.shareGroup}/evfleet/v1/+/readings`,
      handle: (topic, payload, settled) => storeMessage(telemetry, topic, payload, settled),
      log,
    });
  if (config.mqtt.port === 0) return null;
  return startEmbeddedBroker(telemetry, { port: config.mqtt.port, host: config.host, log });
}

/**
 * Stores the readings of a message from an external broker, or counts why not; tells `settled`
 * once they are committed, when the message may be acknowledged. A known device's message takes
 * no promise; its messages keep their order either way.
 */
function storeMessage(
  telemetry: Telemetry,
  topic: string,
  payload: Buffer,
  settled: (err?: unknown) => void,
  takeOver?: (vehicleId: number) => Promise<void>,
) {
  const vin = vinOfTopic(topic);
  if (!vin) {
    telemetry.rejections.count('wrong_topic', 'mqtt', topic.slice(0, 100));
    return settled();
  }
  // The broker authenticated the device (docs/operations.md); evfleet checks that it is a vehicle.
  const store = (device: Device | null) => {
    if (!device) {
      telemetry.rejections.count('unknown_device', 'mqtt', `device ${vin}`);
      return settled();
    }
    const accept = () => telemetry.ingest.accept('mqtt', device.vehicleId, payload, settled);
    if (takeOver) takeOver(device.vehicleId).then(accept).catch(settled);
    else accept();
  };
  const known = telemetry.devices.known(vin);
  if (known !== undefined) store(known);
  else telemetry.devices.lookup(vin).then(store).catch(settled);
}
