// A TCP proxy in front of a Canon server, for tests of what a client does when the network
// misbehaves: it can lose the answer to a request the server did receive (and act on), drop
// every open connection, and point at another server (a restarted one on a new port).
import net from "node:net";

export interface TcpProxy {
  /** http://127.0.0.1:<port>/graphql, the URL clients use. */
  url: string;
  /** The next connection that sends `marker` has the server's answer cut off: the server gets the request, the client never the response. */
  loseNextAnswerTo(marker: string): Promise<void>;
  /** Closes every open connection at once (clients see a dropped socket). */
  dropAll(): void;
  /** While on, new connections are closed at once (the server looks unreachable). */
  refuse(on: boolean): void;
  /** Sends new connections to this upstream port. */
  retarget(port: number): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  let upstreamPort = Number(new URL(upstreamUrl).port);
  const sockets = new Set<net.Socket>();
  let armed: { marker: string; lost: () => void } | undefined;
  let refusing = false;

  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(upstreamPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    let doomed: (() => void) | undefined;
    client.on("data", (chunk: Buffer) => {
      if (armed && chunk.toString("latin1").includes(armed.marker)) {
        doomed = armed.lost;
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (doomed) {
        // The server has answered, so it has done the work: the client must not hear of it.
        client.destroy();
        upstream.destroy();
        doomed();
        doomed = undefined;
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    loseNextAnswerTo: (marker) => new Promise<void>((lost) => (armed = { marker, lost })),
    dropAll,
    refuse: (on) => (refusing = on),
    retarget: (next) => (upstreamPort = next),
    close: () => {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
