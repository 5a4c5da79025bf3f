/* The baseline of the activity benchmark: node:http alone, answering what PUT /api/users/me/active answers. */
import http from 'node:http';

const server = http.createServer((request, response) => {
  const body = JSON.stringify({ data: { last_activity_at: new Date().toISOString() } });
  // Drain the request like a real server would, then answer.
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
