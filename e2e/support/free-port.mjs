// Prints a free TCP port on loopback.
import { createServer } from 'node:net';
const server = createServer();
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(String(server.address().port));
  server.close();
});
