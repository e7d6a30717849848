import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:tls';
import { encodeCommand } from './encode.js';
import { TeltonikaConnection, type OpenConnections, type TeltonikaDeps } from './teltonika-connection.js';

/**
 * Teltonika's TCP protocol (docs/devices.md): the IMEI handshake, then AVL packets (Codec 8 and 8
 * Extended), each acknowledged with its record count once its readings are committed, as MQTT
 * messages are; Codec 12 commands go out on the same connection. One packet is handled at a time
 * per connection (a device waits for each answer anyway), so a connection buffers at most one
 * packet and what follows it in the socket (`TeltonikaConnection`).
 */
export function createTeltonikaListener(deps: TeltonikaDeps) {
  const servers: Server[] = [];
  /** The open connection of each vehicle's tracker: commands are sent on it. */
  const open = new Map<number, TeltonikaConnection>();
  /** Every connection, handshaken or not: a stop ends them all. */
  const sockets = new Set<Socket>();

  const connections: OpenConnections = {
    accepted(vehicleId, connection) {
      open.get(vehicleId)?.socket.destroy(); // a device reconnecting leaves its old connection behind
      open.set(vehicleId, connection);
    },
    closed(connection, vehicleId) {
      sockets.delete(connection.socket);
      if (vehicleId !== null && open.get(vehicleId) === connection) open.delete(vehicleId);
    },
  };
  const serve = (socket: Socket) => {
    sockets.add(socket);
    new TeltonikaConnection(socket, deps, connections); // it tells `connections` of its handshake and its end
  };

  const listen = (server: Server, port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        servers.push(server);
        const where = server.address();
        resolve(typeof where === 'object' && where ? where.port : port);
      });
    });

  return {
    /** Listens for trackers over TCP; answers the port (0 picks one). */
    listen: (port: number, host: string) => listen(createServer(serve), port, host),
    /** The same over TLS, with the operator's certificate and key files. */
    listenTls: (port: number, host: string, files: { cert: string; key: string }) =>
      listen(createTlsServer({ cert: readFileSync(files.cert), key: readFileSync(files.key) }, serve), port, host),
    /** Sends a Codec 12 command on the vehicle's open connection: false when it has none here. */
    send(vehicleId: number, text: string): boolean {
      const socket = open.get(vehicleId)?.socket;
      if (!socket || socket.destroyed) return false;
      socket.write(encodeCommand(0x05, text));
      return true;
    },
    /** Whether the vehicle's tracker is connected to this instance. */
    isConnected: (vehicleId: number) => open.has(vehicleId),
    /** The vehicles whose trackers are connected to this instance. */
    connectedVehicles: () => [...open.keys()],
    /**
     * A vehicle's tracker changed (every vehicle's, for a profile): its connection reads it again at
     * once, taking an edited profile, and ends when its IMEI no longer names that vehicle.
     */
    reread(vehicleId: number | null) {
      if (vehicleId === null) for (const connection of open.values()) connection.reread();
      else open.get(vehicleId)?.reread();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}
