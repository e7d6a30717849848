import { connect } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';

/**
 * A lean MQTT 3.1.1 publisher for the benchmark: one socket per device, QoS 1, a fixed number of
 * messages in flight, the next sent on each PUBACK. Lighter than mqtt.js, so the load generator
 * leaves more of the two cores to the server it measures.
 */
export function publishDevice(opts: {
  port: number;
  vin: string;
  token: string;
  topic: string;
  inFlight: number;
  until: number;
  payload: (n: number) => string;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: opts.port, host: '127.0.0.1' });
    socket.setNoDelay(true);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    let seq = 0;
    let acked = 0;
    let open = 0;
    const send = () => {
      const n = seq++;
      open++;
      socket.write(
        mqttPacket.generate({
          cmd: 'publish',
          topic: opts.topic,
          payload: opts.payload(n),
          qos: 1,
          messageId: (n % 65_000) + 1,
          retain: false,
          dup: false,
        }),
      );
    };
    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) return reject(new Error(`CONNACK ${packet.returnCode}`));
        for (let i = 0; i < opts.inFlight; i++) send();
      } else if (packet.cmd === 'puback') {
        acked++;
        open--;
        if (Date.now() < opts.until) send();
        else if (open === 0) {
          socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
          resolve(acked);
        }
      }
    });
    // The PUBACKs of one commit arrive together: the publishes they release leave in one write.
    socket.on('data', (d) => {
      socket.cork();
      parser.parse(d);
      socket.uncork();
    });
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: `bench-${opts.vin}`,
          keepalive: 60,
          username: opts.vin,
          password: Buffer.from(opts.token),
        }),
      ),
    );
  });
}
